import { Badge } from '@/client/ui';
import {
  FULFILMENT_COLORS,
  FULFILMENT_LABELS,
  PAYMENT_STATUS_COLORS,
  PAYMENT_STATUS_LABELS,
  type FulfilmentStatus,
  type PaymentStatus,
} from '../../order.constants';

export function FulfilmentBadge({ status }: { status: FulfilmentStatus }) {
  return (
    <Badge colorPalette={FULFILMENT_COLORS[status]} data-testid="fulfilment-status">
      {FULFILMENT_LABELS[status]}
    </Badge>
  );
}

export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge colorPalette={PAYMENT_STATUS_COLORS[status]} variant="outline" data-testid="payment-status">
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * A till's sale made offline past the stock: red until each of its conflicts is settled (the
 * timeline holds one entry listing them and one per settlement).
 */
export function StockConflictBadge({
  timeline,
}: {
  timeline: Array<{ type: string; data: Record<string, unknown> }>;
}) {
  const entries = timeline.filter((e) => e.type === 'stock_conflict');
  const flagged = entries.reduce((n, e) => n + ((e.data.items as unknown[] | undefined)?.length ?? 0), 0);
  if (!flagged) return null;
  const settled = entries.filter((e) => e.data.resolution).length;
  return settled >= flagged ? (
    <Badge colorPalette="gray" variant="outline" data-testid="stock-conflict-badge">
      Conflit de stock réglé
    </Badge>
  ) : (
    <Badge colorPalette="red" data-testid="stock-conflict-badge">
      Conflit de stock
    </Badge>
  );
}
