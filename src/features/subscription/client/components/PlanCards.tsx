import { Badge, Button, Card, HStack, List, SimpleGrid, Stack, Text } from '@/client/ui';
import { formatCount } from '@/shared/numbers';
import { LuCheck } from 'react-icons/lu';
import { formatMoney } from '@/shared/money';
import {
  BILLING_CURRENCY,
  PLANS,
  PLAN_IDS,
  subscriptionPrice,
  type BillingPeriod,
  type Limit,
  type PaidPlanId,
  type PlanId,
} from '@/shared/plans';

function limitText(limit: Limit, one: string, many: string, feminine = false): string {
  if (limit === 'infinity')
    return `${many[0]!.toUpperCase()}${many.slice(1)} illimité${feminine ? 'e' : ''}s`;
  if (limit === 0) return `Pas de ${one}`;
  return `${formatCount(limit)} ${limit > 1 ? many : one}`;
}

/** The plans of PRODUCT.md side by side, priced for the chosen period. */
export function PlanCards(props: {
  currentPlan: PlanId;
  months: BillingPeriod;
  canPay: boolean;
  payingPlan: PaidPlanId | null;
  onPay: (plan: PaidPlanId) => void;
}) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
      {PLAN_IDS.map((id) => {
        const plan = PLANS[id];
        const isCurrent = id === props.currentPlan;
        const total = id === 'free' ? 0 : subscriptionPrice(id, props.months);
        return (
          <Card.Root
            key={id}
            borderColor={isCurrent ? 'brand.solid' : undefined}
            borderWidth={isCurrent ? '2px' : '1px'}
            data-testid={`plan-${id}`}
          >
            <Card.Header>
              <HStack justify="space-between">
                <Card.Title>{plan.label}</Card.Title>
                {isCurrent ? <Badge colorPalette="brand">Offre actuelle</Badge> : null}
              </HStack>
              <Text fontSize="2xl" fontWeight="bold">
                {plan.monthlyPrice === 0 ? 'Gratuit' : formatMoney(plan.monthlyPrice, BILLING_CURRENCY)}
                {plan.monthlyPrice === 0 ? null : (
                  <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted">
                    {' '}
                    / mois
                  </Text>
                )}
              </Text>
              {id !== 'free' && props.months > 1 ? (
                <Text fontSize="sm" color="fg.muted">
                  {formatMoney(total, BILLING_CURRENCY)} pour {props.months} mois
                  {props.months === 12 ? ' (2 mois offerts)' : ''}
                </Text>
              ) : null}
            </Card.Header>
            <Card.Body>
              <List.Root gap="2" variant="plain" fontSize="sm">
                {[
                  limitText(plan.maxProducts, 'produit', 'produits'),
                  limitText(plan.maxAgents, 'agent', 'agents'),
                  `${limitText(plan.maxOrdersPerMonth, 'commande', 'commandes', true)} par mois`,
                  `${limitText(plan.maxSmsPerMonth, 'SMS', 'SMS')}${plan.maxSmsPerMonth ? ' par mois' : ''}`,
                ].map((line) => (
                  <List.Item key={line}>
                    <List.Indicator asChild color="green.600">
                      <LuCheck />
                    </List.Indicator>
                    {line}
                  </List.Item>
                ))}
              </List.Root>
            </Card.Body>
            <Card.Footer>
              {id === 'free' ? (
                <Text fontSize="sm" color="fg.muted">
                  Sans engagement, pour démarrer.
                </Text>
              ) : props.canPay ? (
                <Stack w="full" gap="1">
                  <Button
                    colorPalette="brand"
                    w="full"
                    onClick={() => props.onPay(id)}
                    loading={props.payingPlan === id}
                    loadingText="Redirection…"
                    disabled={props.payingPlan !== null && props.payingPlan !== id}
                    aria-label={`Payer l’offre ${plan.label}`}
                  >
                    Payer
                  </Button>
                  <Text fontSize="xs" color="fg.muted" textAlign="center">
                    {formatMoney(total, BILLING_CURRENCY)}, Mobile Money ou carte
                  </Text>
                </Stack>
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  Seul un administrateur peut payer l’abonnement.
                </Text>
              )}
            </Card.Footer>
          </Card.Root>
        );
      })}
    </SimpleGrid>
  );
}
