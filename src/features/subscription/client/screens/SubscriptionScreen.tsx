import { Box, Button, ButtonGroup, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@/client/ui';
import { useState } from 'react';
import { AppShell } from '@/client/shell/AppShell';
import { toaster } from '@/client/shell/toaster';
import { ApiError } from '@/client/api/api-error';
import { withShopId } from '@/shared/navigation';
import { can } from '@/shared/permissions';
import {
  BILLING_PERIODS,
  PLAN_IDS,
  effectivePlan,
  type BillingPeriod,
  type PaidPlanId,
  type PlanId,
} from '@/shared/plans';
import { shopDates, type Shop } from '@/features/shop/client/shop.api';
import { PlanLine, QuotaMeters } from '../components/PlanUsage';
import { PlanCards } from '../components/PlanCards';
import { PlanDates } from '../components/PlanDates';
import { PlanReadOnly } from '../components/PlanReadOnly';
import { InvoiceList } from '../components/InvoiceList';
import { useStartCheckoutMutation } from '../subscription.api';

function Subscription({ shop, canPay }: { shop: Shop; canPay: boolean }) {
  const [months, setMonths] = useState<BillingPeriod>(1);
  const [payingPlan, setPayingPlan] = useState<PaidPlanId | null>(null);
  const [startCheckout] = useStartCheckoutMutation();
  const nominal = (PLAN_IDS as readonly string[]).includes(shop.subscriptionPlan)
    ? (shop.subscriptionPlan as PlanId)
    : 'free';
  const inForce = effectivePlan(shopDates(shop));

  async function pay(plan: PaidPlanId) {
    setPayingPlan(plan);
    try {
      const { redirectUrl } = await startCheckout({
        shopId: shop._id,
        plan,
        months,
        idempotencyKey: crypto.randomUUID(),
      }).unwrap();
      // Our own sandbox page needs the shop; a provider's page is another site.
      window.location.assign(redirectUrl.startsWith('/') ? withShopId(redirectUrl, shop._id) : redirectUrl);
    } catch (error) {
      setPayingPlan(null);
      toaster.create({
        title: 'Paiement impossible',
        description: error instanceof ApiError ? error.message : 'Une erreur est survenue. Réessayez.',
        type: 'error',
        duration: 4000,
      });
    }
  }

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Abonnement
      </Heading>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Card.Root>
          <Card.Header>
            <Card.Title as="h2">Votre offre</Card.Title>
            <Card.Description>
              <PlanLine shop={shop} />
            </Card.Description>
          </Card.Header>
          <Card.Body>
            <Stack gap="2">
              <PlanDates shop={shop} />
              <Text fontSize="sm" color="fg.muted" pt="2">
                Un nouveau paiement prolonge l’abonnement à partir de sa date de fin (ou d’aujourd’hui s’il
                est terminé). À l’échéance, la boutique garde ses données et repasse aux limites de l’offre
                Gratuit.
              </Text>
            </Stack>
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Header>
            <Card.Title as="h2">Utilisation ce mois-ci</Card.Title>
          </Card.Header>
          <Card.Body>
            <QuotaMeters shop={shop} />
          </Card.Body>
        </Card.Root>
      </SimpleGrid>

      <Stack gap="3">
        <HStack justify="space-between" flexWrap="wrap" gap="3">
          <Heading as="h2" size="lg">
            Choisir une offre
          </Heading>
          <Box>
            <ButtonGroup attached role="group" aria-label="Durée">
              {BILLING_PERIODS.map((m) => (
                <Button
                  key={m}
                  size="sm"
                  onClick={() => setMonths(m)}
                  variant={m === months ? 'solid' : 'outline'}
                  colorPalette={m === months ? 'brand' : 'gray'}
                  aria-pressed={m === months}
                >
                  {m} mois{m === 12 ? ' (2 offerts)' : ''}
                </Button>
              ))}
            </ButtonGroup>
          </Box>
        </HStack>
        <PlanCards
          currentPlan={inForce === 'free' ? nominal : inForce}
          months={months}
          canPay={canPay}
          payingPlan={payingPlan}
          onPay={(plan) => void pay(plan)}
        />
      </Stack>

      <InvoiceList shopId={shop._id} timeZone={shop.timeZone} />
    </Stack>
  );
}

/**
 * /parametres/abonnement: plans, usage, trial and expiry, « Payer », invoices. Every role may open
 * it (the trial banner and the account menu lead here): those who may not see invoices get the plan
 * and its dates, read-only.
 */
export function SubscriptionScreen() {
  return (
    <AppShell capability="plan:view">
      {({ shop, role }) =>
        !shop ? null : can(role, 'subscription:view') ? (
          <Subscription shop={shop} canPay={can(role, 'subscription:manage')} />
        ) : (
          <PlanReadOnly shop={shop} />
        )
      }
    </AppShell>
  );
}
