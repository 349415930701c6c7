import { newId } from '@/server/ids';
import { Errors } from '@/server/http/errors';
import { MAX_AMOUNT, lineLimitMessage, totalLimitMessage } from '@/shared/bounds';
import type { SellableVariant } from '@/features/product/server/variants-for-sale';
import type { OrderLineRow } from './order.repository';

export interface LineInput {
  variantId: string;
  quantity: number;
  lineDiscount: number;
}

export interface PricedLine {
  variant: SellableVariant;
  quantity: number;
  unitPrice: number;
  lineDiscount: number;
  total: number;
}

export interface OrderTotals {
  subtotal: number;
  lineDiscountTotal: number;
  orderDiscount: number;
  deliveryFee: number;
  total: number;
}

/**
 * Prices each line (from the catalogue unless `kept` holds the price it was sold at) and checks
 * every figure, naming the faulty field: unknown or archived variants, a line past MAX_AMOUNT,
 * discounts larger than what they apply to. Price (≤ MAX_UNIT_PRICE) × quantity (≤ MAX_QUANTITY)
 * is exact; a price stored before the bounds may be larger, and its line is refused all the same.
 */
export function priceLines(
  variants: Map<string, SellableVariant>,
  lines: LineInput[],
  /** For the refusals' figures. */
  currency: string,
  /** An edit, or a till's sale, keeps the prices it was sold at, and may keep a product archived since. */
  kept: ReadonlyMap<string, { unitPrice: number }> = new Map(),
): PricedLine[] {
  const errors: Record<string, string> = {};
  const priced: PricedLine[] = [];
  lines.forEach((line, i) => {
    const variant = variants.get(line.variantId);
    if (!variant) {
      errors[`lines.${i}.variantId`] = 'Ce produit n’existe pas dans la boutique.';
      return;
    }
    if (variant.productStatus === 'archived' && !kept.has(variant.id)) {
      errors[`lines.${i}.variantId`] = `« ${variant.productName} » est archivé : il ne peut plus être vendu.`;
      return;
    }
    // The channel's own price where it has one (read with the variant; never an archived product's pass).
    const unitPrice = kept.get(variant.id)?.unitPrice ?? variant.channelPrice ?? variant.price;
    const gross = unitPrice * line.quantity;
    if (gross > MAX_AMOUNT) {
      errors[`lines.${i}.quantity`] = lineLimitMessage(currency);
      return;
    }
    if (line.lineDiscount > gross) {
      errors[`lines.${i}.lineDiscount`] = 'La remise ne peut pas dépasser le montant de la ligne.';
      return;
    }
    priced.push({
      variant,
      quantity: line.quantity,
      unitPrice,
      lineDiscount: line.lineDiscount,
      total: gross - line.lineDiscount,
    });
  });
  if (Object.keys(errors).length) throw Errors.validation(errors);
  return priced;
}

/**
 * The order's figures from its priced lines; the order's discount may not exceed its items, and
 * neither the items (before discounts: what is stored as the subtotal) nor the total may pass
 * MAX_AMOUNT. Lines are within it each (priceLines), so the sums are exact.
 */
export function orderTotals(
  priced: PricedLine[],
  charges: { orderDiscount: number; deliveryFee: number },
  currency: string,
): OrderTotals {
  const subtotal = priced.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const lineDiscountTotal = priced.reduce((sum, l) => sum + l.lineDiscount, 0);
  if (subtotal > MAX_AMOUNT) throw Errors.validation({ lines: totalLimitMessage(currency) });
  if (charges.orderDiscount > subtotal - lineDiscountTotal)
    throw Errors.validation({ orderDiscount: 'La remise ne peut pas dépasser le montant des articles.' });
  const total = subtotal - lineDiscountTotal - charges.orderDiscount + charges.deliveryFee;
  if (total > MAX_AMOUNT) throw Errors.validation({ deliveryFee: totalLimitMessage(currency) });
  return {
    subtotal,
    lineDiscountTotal,
    orderDiscount: charges.orderDiscount,
    deliveryFee: charges.deliveryFee,
    total,
  };
}

/**
 * The rows an order's lines are stored as: each keeps a snapshot of what was sold (name, options,
 * SKU, price), so renaming or repricing a product later leaves past orders as they were.
 */
export function orderLineRows(
  priced: PricedLine[],
): Array<Omit<OrderLineRow, 'orderId' | 'shopId' | 'refundedQuantity' | 'restockedQuantity'>> {
  return priced.map((line, position) => ({
    id: newId(),
    variantId: line.variant.id,
    productId: line.variant.productId,
    productName: line.variant.productName,
    variantName: line.variant.optionValues.join(' / '),
    sku: line.variant.sku,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    lineDiscount: line.lineDiscount,
    total: line.total,
    unitCost: line.variant.costPrice,
    stockTaken: line.variant.trackStock ? line.quantity : 0,
    position,
  }));
}
