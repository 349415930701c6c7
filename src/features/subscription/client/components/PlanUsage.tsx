import { HStack, Progress, Stack, Text } from '@/client/ui';
import { formatCount } from '@/shared/numbers';
import { formatDateTime } from '@/shared/dates';
import { PLANS, type Limit, type PlanId } from '@/shared/plans';
import type { Shop } from '@/features/shop/client/shop.api';

function usage(current: number, max: Limit): { text: string; percent: number } {
  if (max === 'infinity') return { text: `${formatCount(current)} / illimité`, percent: 0 };
  if (max === 0) return { text: 'non inclus', percent: current > 0 ? 100 : 0 };
  return {
    text: `${formatCount(current)} / ${formatCount(max)}`,
    percent: Math.min(100, Math.round((current / max) * 100)),
  };
}

/** One meter per plan quota (SMS, agents, products, orders), orange from 80 %. */
export function QuotaMeters({ shop }: { shop: Shop }) {
  const q = shop.planQuotas;
  const rows = [
    { label: 'Produits', ...usage(q.currentNumberOfAuthorizedProducts, q.maxNumberOfAuthorizedProducts) },
    { label: 'Commandes ce mois-ci', ...usage(q.currentNumberOfOrders, q.maxNumberOfOrders) },
    { label: 'Agents', ...usage(q.currentNumberOfAuthorizedAgents, q.maxNumberOfAuthorizedAgents) },
    { label: 'SMS ce mois-ci', ...usage(q.currentSmsQuota, q.maxSmsQuota) },
  ];
  return (
    <Stack gap="4">
      {rows.map((row) => (
        <Stack key={row.label} gap="1">
          <HStack justify="space-between" fontSize="sm">
            <Text>{row.label}</Text>
            <Text color="fg.muted">{row.text}</Text>
          </HStack>
          <Progress.Root
            value={row.percent}
            size="sm"
            colorPalette={row.percent >= 80 ? 'orange' : 'brand'}
            aria-label={row.label}
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
      ))}
    </Stack>
  );
}

/** « Offre Pro jusqu’au … », the trial, or the bare plan. */
export function PlanLine({ shop }: { shop: Shop }) {
  const now = Date.now();
  const trialEnds = shop.freeTrialExpiresAt ? Date.parse(shop.freeTrialExpiresAt) : 0;
  const paidEnds = shop.shopExpiresAt ? Date.parse(shop.shopExpiresAt) : 0;
  const plan = PLANS[shop.subscriptionPlan as PlanId]?.label ?? shop.subscriptionPlan;
  const until = (iso: string) => (
    <Text as="span" whiteSpace="nowrap">
      {formatDateTime(iso, shop.timeZone)}
    </Text>
  );
  if (paidEnds > now)
    return (
      <>
        Offre {plan} jusqu’au {until(shop.shopExpiresAt!)}
      </>
    );
  if (trialEnds > now) return <>Essai gratuit (offre Pro) jusqu’au {until(shop.freeTrialExpiresAt!)}</>;
  return <>Offre {plan}</>;
}
