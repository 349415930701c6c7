import type { PosPaymentMethod } from '../pos.schemas';

/*
 * Copies of the contract's constants. pos.schemas.ts builds zod schemas at load time, and zod
 * alone would cost the till's first load about 95 KB of compressed JavaScript; the types below
 * and tests/unit/pos-constants.test.ts keep these copies equal to the contract.
 */

export const PAYMENT_METHODS = [
  'cash',
  'orange_money',
  'wave',
  'mtn_momo',
  'moov_money',
  'card',
  'store_credit',
] as const satisfies readonly PosPaymentMethod[];
type MissingMethod = Exclude<PosPaymentMethod, (typeof PAYMENT_METHODS)[number]>;
export const paymentMethodsComplete: [MissingMethod] extends [never] ? true : false = true;

export const PAYMENT_METHOD_LABELS: Record<PosPaymentMethod, string> = {
  cash: 'Espèces',
  orange_money: 'Orange Money',
  wave: 'Wave',
  mtn_momo: 'MTN MoMo',
  moov_money: 'Moov Money',
  card: 'Carte',
  store_credit: 'Avoir',
};

export const MOBILE_MONEY_METHODS: readonly PosPaymentMethod[] = [
  'orange_money',
  'wave',
  'mtn_momo',
  'moov_money',
];

export { DISCOUNT_APPROVAL_PERCENT } from '../discount-rule';

export const FCFA_DENOMINATIONS = [10000, 5000, 2000, 1000, 500, 250, 200, 100, 50, 25, 10, 5, 1] as const;

/** Currencies whose drawer is counted note by note. */
export function countsByDenomination(currency: string): boolean {
  return currency === 'XOF' || currency === 'XAF';
}

/** Ops per POST /api/pos/sync (the contract's maximum). */
export const SYNC_BATCH_SIZE = 100;
