import { HStack, Stack, Text } from '@/client/ui';
import { formatDateTime } from '@/shared/dates';
import type { Shop } from '@/features/shop/client/shop.api';

function DateLine({ label, iso, timeZone }: { label: string; iso: string | null; timeZone: string }) {
  return (
    <HStack justify="space-between" fontSize="sm">
      <Text color="fg.muted">{label}</Text>
      <Text fontWeight="medium">{iso ? formatDateTime(iso, timeZone) : '—'}</Text>
    </HStack>
  );
}

/** The trial's and the paid period's ends, in the shop's time zone. */
export function PlanDates({ shop }: { shop: Shop }) {
  return (
    <Stack gap="2">
      <DateLine label="Fin de l’essai gratuit" iso={shop.freeTrialExpiresAt} timeZone={shop.timeZone} />
      <DateLine label="Fin de l’abonnement" iso={shop.shopExpiresAt} timeZone={shop.timeZone} />
    </Stack>
  );
}
