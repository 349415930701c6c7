import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { productVariants, products } from '@/server/db/schema';
import { AppError, Errors } from '@/server/http/errors';
import { changeStock, type LowStockCrossing } from '@/features/product/server/stock';
import type { StockReason } from '@/features/product/product.schemas';
import type { SellableVariant } from './order.repository';

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

/** « Robe wax (M / Rouge) », the name a line keeps and errors quote. */
export function variantLabel(variant: Pick<SellableVariant, 'productName' | 'optionValues'>): string {
  return variant.optionValues.length
    ? `${variant.productName} (${variant.optionValues.join(' / ')})`
    : variant.productName;
}

/**
 * Prices each line from the catalogue (never from the request) and checks every figure, naming the
 * faulty field: unknown or archived variants, discounts larger than what they apply to.
 */
export function priceLines(
  variants: Map<string, SellableVariant>,
  lines: LineInput[],
  charges: { orderDiscount: number; deliveryFee: number },
  /** An edit keeps the prices the order was taken at, and may keep a product archived since. */
  kept: ReadonlyMap<string, { unitPrice: number }> = new Map(),
): { priced: PricedLine[]; totals: OrderTotals } {
  const errors: Record<string, string> = {};
  const priced: PricedLine[] = [];
  lines.forEach((line, i) => {
    const variant = variants.get(line.variantId);
    if (!variant) {
      errors[`lines.${i}.variantId`] = "Ce produit n'existe pas dans la boutique.";
      return;
    }
    if (variant.productStatus === 'archived' && !kept.has(variant.id)) {
      errors[`lines.${i}.variantId`] = `« ${variant.productName} » est archivé : il ne peut plus être vendu.`;
      return;
    }
    const unitPrice = kept.get(variant.id)?.unitPrice ?? variant.price;
    const gross = unitPrice * line.quantity;
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
  const subtotal = priced.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const lineDiscountTotal = priced.reduce((sum, l) => sum + l.lineDiscount, 0);
  if (charges.orderDiscount > subtotal - lineDiscountTotal)
    throw Errors.validation({ orderDiscount: 'La remise ne peut pas dépasser le montant des articles.' });
  return {
    priced,
    totals: {
      subtotal,
      lineDiscountTotal,
      orderDiscount: charges.orderDiscount,
      deliveryFee: charges.deliveryFee,
      total: subtotal - lineDiscountTotal - charges.orderDiscount + charges.deliveryFee,
    },
  };
}

/**
 * Moves stock for an order, variant by variant in id order (the order the rows were locked in).
 * Not enough stock is a 409 naming the product; the caller's transaction then writes nothing.
 *
 * Every row it will write is locked first: the variants in id order, then their products in id
 * order. Changing them one by one would take the product rows in the variants' order, and two
 * orders whose variants sort unlike their products (a size added to a product later) would take
 * the same two products in opposite orders and deadlock.
 */
export async function moveOrderStock(
  tx: Executor,
  context: { shopId: string; userId: string | null; note: string | null },
  moves: Array<{ variant: Pick<SellableVariant, 'id' | 'productName' | 'optionValues'>; delta: number }>,
  reason: StockReason,
): Promise<{ crossings: LowStockCrossing[]; movementIds: string[] }> {
  const crossings: LowStockCrossing[] = [];
  const movementIds: string[] = [];
  const sorted = [...moves]
    .filter((m) => m.delta !== 0)
    .sort((a, b) => (a.variant.id < b.variant.id ? -1 : 1));
  if (sorted.length === 0) return { crossings, movementIds };
  const locked = await tx
    .select({ productId: productVariants.productId })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.shopId, context.shopId),
        inArray(
          productVariants.id,
          sorted.map((m) => m.variant.id),
        ),
      ),
    )
    .orderBy(asc(productVariants.id))
    .for('update');
  if (locked.length)
    await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, [...new Set(locked.map((v) => v.productId))]))
      .orderBy(asc(products.id))
      .for('update');
  for (const move of sorted) {
    try {
      const { crossing, movementId } = await changeStock(tx, {
        shopId: context.shopId,
        variantId: move.variant.id,
        quantity: move.delta,
        reason,
        note: context.note,
        userId: context.userId,
      });
      movementIds.push(movementId);
      if (crossing) crossings.push(crossing);
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_STOCK')
        throw new AppError(
          'INSUFFICIENT_STOCK',
          409,
          `Stock insuffisant pour « ${variantLabel(move.variant)} » : ${error.message.replace(/^Stock insuffisant : /, '')}`,
          { variantId: move.variant.id },
        );
      throw error;
    }
  }
  return { crossings, movementIds };
}
