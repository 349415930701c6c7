import type { PaymentMethod } from './order.constants';

/*
 * The payment link's plain values. Apart from payment-link.schemas.ts, which builds zod schemas as
 * it loads, so that the payment pages do not load zod; payment-link.schemas.ts re-exports them.
 */

/** What a customer can pay with online (cash and cash on delivery are paid to the shop). */
export const ONLINE_PAYMENT_METHODS = [
  'orange_money',
  'wave',
  'mtn_momo',
  'moov_money',
  'card',
] as const satisfies readonly PaymentMethod[];
