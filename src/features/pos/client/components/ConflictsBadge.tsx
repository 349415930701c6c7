import { Badge } from '@/client/ui';
import { useListDiscountConflictsQuery, useListLoyaltyConflictsQuery } from '../offline-conflicts.api';
import { useListConflictsQuery } from '../pos.api';

const POLL_MS = 60_000;

/**
 * The open conflicts (stock, discounts past a limit, loyalty points beyond the balance) on the « Conflits » tab, for the managers:
 * loaded lazily, asked again every minute and after each sync that applied sales. Offline, the last
 * count stays.
 */
export function ConflictsBadge({ shopId }: { shopId: string }) {
  const options = { pollingInterval: POLL_MS, skipPollingIfUnfocused: true };
  const stock = useListConflictsQuery({ shopId, status: 'open' }, options);
  const discounts = useListDiscountConflictsQuery({ shopId, status: 'open' }, options);
  const points = useListLoyaltyConflictsQuery({ shopId, status: 'open' }, options);
  const count =
    (stock.data?.items.length ?? 0) + (discounts.data?.items.length ?? 0) + (points.data?.items.length ?? 0);
  if (!count) return null;
  return (
    <Badge colorPalette="red" variant="solid" rounded="full" data-testid="conflicts-count">
      {count}
    </Badge>
  );
}
