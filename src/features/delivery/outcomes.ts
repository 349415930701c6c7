import type { PaymentMethod } from '@/features/order/order.schemas';

/* How a delivery ends and how a rider collects, as the rider's page and the screens name them. */

export const DELIVERY_OUTCOMES = ['delivered', 'refused', 'absent', 'postponed'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];
export const OUTCOME_LABELS: Record<DeliveryOutcome, string> = {
  delivered: 'Livrée',
  refused: 'Refusée',
  absent: 'Absent',
  postponed: 'Reportée',
};

export const DELIVERY_STATUSES = ['assigned', ...DELIVERY_OUTCOMES] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  assigned: 'En cours',
  delivered: 'Livrée',
  refused: 'Refusée par le client',
  absent: 'Client absent',
  postponed: 'Reportée',
};

/** At the door a rider takes cash, or the customer pays the shop by mobile money. */
export const COLLECT_METHODS = [
  'cash',
  'orange_money',
  'wave',
  'mtn_momo',
  'moov_money',
] as const satisfies readonly PaymentMethod[];
export type CollectMethod = (typeof COLLECT_METHODS)[number];
