import { z } from './validation';
import { BOUND_MESSAGES, MAX_AMOUNT, MAX_QUANTITY, MAX_STOCK, MAX_UNIT_PRICE } from './bounds';

/* The bounds of bounds.ts as the schemas every module's requests and forms share. */

/** A price in the currency's minor unit (a product's, or the one a till sold at). */
export const ZPrice = z.number().int().min(0).max(MAX_UNIT_PRICE, { error: BOUND_MESSAGES.price });

/** Any other amount taken from a request: a payment, a discount, a fee, a float, a count. */
export const ZAmount = z.number().int().min(0).max(MAX_AMOUNT, { error: BOUND_MESSAGES.amount });

/** An amount that must be given: a payment, a cash movement. */
export const ZPositiveAmount = ZAmount.refine((n) => n > 0, {
  message: 'Le montant doit être supérieur à 0.',
});

/** Units on one line (an order's, a sale's, a refund's). */
export const ZQuantity = z.number().int().min(1).max(MAX_QUANTITY, { error: BOUND_MESSAGES.quantity });

/** A stock figure: a new variant's opening stock, a count. */
export const ZStockLevel = z.number().int().min(0).max(MAX_STOCK, { error: BOUND_MESSAGES.stock });

/** Units added or removed at once (an adjustment); never zero. */
export const ZStockChange = z
  .number()
  .int()
  .min(-MAX_STOCK, { error: BOUND_MESSAGES.stockChange })
  .max(MAX_STOCK, { error: BOUND_MESSAGES.stockChange })
  .refine((n) => n !== 0, { message: 'La quantité ne peut pas être nulle.' });

/**
 * An amount as the API answers it: any finite number. What is written now stays within the bounds,
 * but rows written before them (an order of 10^17 FCFA) and sums over many rows (a shop's day, a Z
 * report) may pass 2^53, past which zod's `.int()` refuses, and a read must never fail on what is
 * stored: such a figure is shown as stored (to the nearest double).
 */
export const ZStoredAmount = z.number();
