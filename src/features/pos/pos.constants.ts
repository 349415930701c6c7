/*
 * The till contract's plain values. Apart from pos.schemas.ts, which builds zod schemas as it
 * loads, so that the till's screens read them without loading zod; pos.schemas.ts re-exports them.
 */

/**
 * Paid at the till: mobile money and card carry the operator's reference; « avoir » (store credit)
 * and loyalty points are the client's, for a sale with a client only.
 */
export const POS_PAYMENT_METHODS = [
  'cash',
  'orange_money',
  'wave',
  'mtn_momo',
  'moov_money',
  'card',
  'store_credit',
  'loyalty',
] as const;
export type PosPaymentMethod = (typeof POS_PAYMENT_METHODS)[number];

export { DISCOUNT_APPROVAL_PERCENT } from './discount-rule';

/** FCFA notes and coins, largest first, for counting the drawer at closing. */
export const FCFA_DENOMINATIONS = [10000, 5000, 2000, 1000, 500, 250, 200, 100, 50, 25, 10, 5, 1] as const;
