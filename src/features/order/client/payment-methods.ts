import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../order.constants';

/*
 * The payment methods as the order's forms offer them. Apart from PaymentDialog, so the order editor
 * (which offers them for the payment taken with a new order) does not load the dialog with them.
 */

export const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));
/** « Avoir » and loyalty points are a client's: offered only on a client's order. */
export const methodOptionsFor = (hasClient: boolean) =>
  METHOD_OPTIONS.filter((o) => hasClient || (o.value !== 'store_credit' && o.value !== 'loyalty'));
/** Mobile money and card payments carry the operator's transaction reference. */
export const NEEDS_REFERENCE: readonly PaymentMethod[] = [
  'orange_money',
  'wave',
  'mtn_momo',
  'moov_money',
  'card',
];
