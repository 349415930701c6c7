import { PAYMENT_METHOD_LABELS as ORDER_PAYMENT_METHOD_LABELS } from '@/features/order/order.constants';
import { POS_PAYMENT_METHODS, type PosPaymentMethod } from '../pos.constants';

// The till's screens read the contract's plain values from pos.constants.ts, which loads no zod
// (zod alone would cost the till's first load about 95 KB of compressed JavaScript).
export { DISCOUNT_APPROVAL_PERCENT, FCFA_DENOMINATIONS } from '../pos.constants';

export const PAYMENT_METHODS = POS_PAYMENT_METHODS;

/** The order module's names for the methods a till takes. */
export const PAYMENT_METHOD_LABELS = Object.fromEntries(
  POS_PAYMENT_METHODS.map((method) => [method, ORDER_PAYMENT_METHOD_LABELS[method]]),
) as Record<PosPaymentMethod, string>;

export const MOBILE_MONEY_METHODS: readonly PosPaymentMethod[] = [
  'orange_money',
  'wave',
  'mtn_momo',
  'moov_money',
];

/** Currencies whose drawer is counted note by note. */
export function countsByDenomination(currency: string): boolean {
  return currency === 'XOF' || currency === 'XAF';
}

/** Ops per POST /api/pos/sync (the contract's maximum). */
export const SYNC_BATCH_SIZE = 100;
