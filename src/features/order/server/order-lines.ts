import { and, asc, eq, sql } from 'drizzle-orm';
import { executePrepared, runPrepared, type Executor } from '@/server/db';
import { productVariants, stockMovements } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { AppError, Errors } from '@/server/http/errors';
import { insufficientStock, type LowStockCrossing } from '@/features/product/server/stock';
import type { StockReason } from '@/features/product/product.schemas';
import { anyOf, type NewStockMovementRow, type SellableVariant } from './order.repository';

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

export interface StockMove {
  variant: Pick<SellableVariant, 'id' | 'productName' | 'optionValues'>;
  delta: number;
}

interface StockContext {
  shopId: string;
  userId: string | null;
  /** What lockSellableVariants returned in this transaction: those rows need no second lock. */
  lockedVariants?: ReadonlyMap<string, SellableVariant>;
  /**
   * A till's sale happened already (perhaps offline): its stock is taken even below zero, and what
   * the stock lacked comes back as `shortfalls` instead of a refusal.
   */
  allowShort?: boolean;
}

/** Units sold that the stock did not have. */
export interface StockShortfall {
  variantId: string;
  productName: string;
  variantName: string;
  missing: number;
  stockAfter: number;
}

export interface TakenStock {
  crossings: LowStockCrossing[];
  shortfalls: StockShortfall[];
  /** One per move, to write once their note (« Commande #1042 ») is known. */
  movements: NewStockMovementRow[];
}

/**
 * Takes stock for an order as changeStock would, move by move in variant id order, but in one
 * statement whatever the number of lines (a conditional update of the variants, and of their
 * products from what it returns; the movements are the caller's to write): each statement is a
 * round trip, and round trips were most of an order's CPU. Not enough stock is a 409 naming the
 * product; the caller's transaction then writes nothing.
 *
 * Rows are locked in one order by every writer: the variants in id order, then their products in
 * id order. An update takes its rows in whatever order the plan reads them, so the variants are
 * locked before (by lockSellableVariants, or here) and the products by the update's own subquery.
 * Otherwise two orders whose variants sort unlike their products (a size added to a product later)
 * would take the same two products in opposite orders and deadlock.
 */
export async function takeStock(
  tx: Executor,
  context: StockContext,
  moves: StockMove[],
  reason: StockReason,
): Promise<TakenStock> {
  const sorted = moves
    .filter((m) => m.delta !== 0)
    .sort((a, b) => (a.variant.id < b.variant.id ? -1 : a.variant.id > b.variant.id ? 1 : 0));
  if (sorted.length === 0) return { crossings: [], shortfalls: [], movements: [] };
  const steps = stepsByVariant(sorted);
  const variantIds = [...steps.keys()];

  if (!variantIds.every((id) => context.lockedVariants?.has(id)))
    await lockVariants(tx, context.shopId, variantIds);

  // The condition is the lowest point the moves reach, so a variant passes exactly when taking its
  // moves one by one would never have gone below zero (or always, down to the int's floor, when
  // short stock is allowed). The products follow in the same statement (one round trip, not two),
  // from what the variants' update returns; a product is locked by its subquery in id order.
  const floor = context.allowShort ? -2_147_483_648 : 0;
  const rows = await executePrepared<{
    id: string;
    stock: number;
    product_id: string;
    option_values: string[];
    name: string;
    track_stock: boolean;
    low_stock_threshold: number;
  }>(
    tx,
    sql`with step as (
      select * from unnest(${sql.param(variantIds)}::text[], ${sql.param(variantIds.map((id) => steps.get(id)!.delta))}::int[], ${sql.param(variantIds.map((id) => steps.get(id)!.lowest))}::int[]) as s(variant_id, delta, lowest)
    ), moved as (
      update product_variants v set stock = v.stock + step.delta from step
      where v.shop_id = ${context.shopId} and v.id = step.variant_id and v.stock::bigint + step.lowest >= ${floor}::int
      returning v.id, v.stock, v.product_id, v.option_values, step.delta
    ), by_product as (
      select product_id, sum(delta)::int as delta from moved group by product_id
    ), totals as (
      update products p set stock_total = p.stock_total + by_product.delta, updated_at = now() from by_product
      where p.id = by_product.product_id
        and p.id in (select id from products where id in (select product_id from moved) order by id for update)
      returning p.id, p.name, p.track_stock, p.low_stock_threshold
    )
    select moved.id, moved.stock, moved.product_id, moved.option_values, totals.name, totals.track_stock, totals.low_stock_threshold
    from moved join totals on totals.id = moved.product_id`,
  );
  // One row per variant moved, with its product (each variant's product was updated with it).
  const updated = rows.map((r) => ({
    id: r.id,
    stock: r.stock,
    productId: r.product_id,
    optionValues: r.option_values,
    product: { name: r.name, trackStock: r.track_stock, lowStockThreshold: r.low_stock_threshold },
  }));
  const after = new Map(updated.map((v) => [v.id, v]));
  if (after.size < variantIds.length)
    await refuseFirstShortVariant(tx, context.shopId, sorted, (id) => after.has(id));

  // Replayed move by move: each movement's stock after it, and the thresholds crossed on the way.
  const running = new Map(updated.map((v) => [v.id, v.stock - steps.get(v.id)!.delta]));
  const crossings: LowStockCrossing[] = [];
  const movements: NewStockMovementRow[] = [];
  for (const move of sorted) {
    const variant = after.get(move.variant.id)!;
    const before = running.get(variant.id)!;
    const stock = before + move.delta;
    running.set(variant.id, stock);
    movements.push({
      id: newId(),
      shopId: context.shopId,
      productId: variant.productId,
      variantId: variant.id,
      quantity: move.delta,
      stockAfter: stock,
      reason,
      userId: context.userId,
    });
    const { product } = variant;
    if (product.trackStock && before > product.lowStockThreshold && stock <= product.lowStockThreshold)
      crossings.push({
        shopId: context.shopId,
        productName: product.name,
        variantTitle: variant.optionValues.join(' / '),
        stock,
      });
  }
  const shortfalls: StockShortfall[] = [];
  if (context.allowShort)
    for (const v of updated) {
      const taken = -steps.get(v.id)!.delta;
      if (v.stock >= 0 || taken <= 0) continue;
      shortfalls.push({
        variantId: v.id,
        productName: v.product.name,
        variantName: v.optionValues.join(' / '),
        missing: Math.min(taken, -v.stock),
        stockAfter: v.stock,
      });
    }
  return { crossings, shortfalls, movements };
}

/** takeStock and its movements at once, for changes whose note is known from the start. */
export async function moveOrderStock(
  tx: Executor,
  context: StockContext & { note: string | null },
  moves: StockMove[],
  reason: StockReason,
): Promise<{ crossings: LowStockCrossing[]; movementIds: string[] }> {
  const { crossings, movements } = await takeStock(tx, context, moves, reason);
  if (movements.length)
    await tx.insert(stockMovements).values(movements.map((m) => ({ ...m, note: context.note || null })));
  return { crossings, movementIds: movements.map((m) => m.id) };
}

/** Per variant: the sum of its moves and the lowest running total they reach (0 at most). */
function stepsByVariant(sorted: StockMove[]): Map<string, { delta: number; lowest: number }> {
  const steps = new Map<string, { delta: number; lowest: number }>();
  for (const move of sorted) {
    const step = steps.get(move.variant.id) ?? { delta: 0, lowest: 0 };
    step.delta += move.delta;
    step.lowest = Math.min(step.lowest, step.delta);
    steps.set(move.variant.id, step);
  }
  return steps;
}

async function lockVariants(tx: Executor, shopId: string, variantIds: string[]): Promise<void> {
  await runPrepared(
    tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.shopId, shopId), anyOf(productVariants.id, variantIds)))
      .orderBy(asc(productVariants.id))
      .for('update'),
  );
}

/**
 * The error changeStock would have raised at the first move that failed, in variant id order:
 * « introuvable » for a variant not in the shop, else the stock left when that move came.
 */
async function refuseFirstShortVariant(
  tx: Executor,
  shopId: string,
  sorted: StockMove[],
  passed: (variantId: string) => boolean,
): Promise<never> {
  const first = sorted.find((m) => !passed(m.variant.id))!;
  const [current] = await tx
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(and(eq(productVariants.id, first.variant.id), eq(productVariants.shopId, shopId)));
  if (!current) throw new AppError('NOT_FOUND', 404, 'La variante est introuvable.');
  let stock = current.stock;
  for (const move of sorted.filter((m) => m.variant.id === first.variant.id)) {
    if (stock + move.delta < 0) {
      const error = insufficientStock(stock);
      throw new AppError(
        'INSUFFICIENT_STOCK',
        409,
        `Stock insuffisant pour « ${variantLabel(move.variant)} » : ${error.message.replace(/^Stock insuffisant : /, '')}`,
        { variantId: move.variant.id },
      );
    }
    stock += move.delta;
  }
  throw insufficientStock(stock);
}
