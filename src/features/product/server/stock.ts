import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { anyOf, executePrepared, runPrepared, type Executor } from '@/server/db';
import { productVariants, stockMovements } from '@/server/db/schema/product';
import { newId } from '@/server/ids';
import { AppError, Errors } from '@/server/http/errors';
import { MAX_STOCK, stockLimitMessage } from '@/shared/bounds';
import { describeDetails } from '@/shared/validation';
import { createNotification } from '@/features/notification/server/create-notification';
import type { StockReason } from '../product.schemas';

/** One change of one variant's count. */
export interface StockMove {
  variantId: string;
  /** Added (positive) or removed (negative). */
  quantity: number;
  /** The name a refusal quotes (« Robe wax (M / Rouge) »); without it, it says what is left only. */
  label?: string;
  /** The request's field a refusal past the stock's bounds names (`quantity` unless said). */
  field?: string;
}

/** What every move of a batch shares: the shop, who, why, and how strict the floor is. */
export interface StockBatch {
  shopId: string;
  userId: string | null;
  reason: StockReason;
  /** The movements' note (« Commande #1042 », « Import CSV »). */
  note?: string | null;
  /** Variants this transaction locked already (lockVariantsForSale): they are not locked again. */
  lockedVariantIds?: { has(variantId: string): boolean };
  /**
   * A sale that happened already (a till's, perhaps offline): its stock is taken even below zero
   * (down to −MAX_STOCK), and what the stock lacked comes back as `shortfalls` instead of a refusal.
   */
  allowBelowZero?: boolean;
  /**
   * The caller writes the movements itself, with `stockMovementsInsert` in a statement of its own
   * (an order writes them with its number, in the one statement that takes the number).
   */
  deferMovements?: boolean;
}

/** A variant that went from above its product's threshold to at or below it. */
export interface LowStockCrossing {
  shopId: string;
  productId: string;
  productName: string;
  variantTitle: string;
  stock: number;
}

/** Units sold that the stock did not have (allowBelowZero). */
export interface StockShortfall {
  variantId: string;
  productName: string;
  variantName: string;
  missing: number;
  stockAfter: number;
}

export type StockMovementRow = Omit<typeof stockMovements.$inferInsert, 'note' | 'createdAt'>;

export interface StockBatchResult {
  /** One per move that changed something, in the order the moves were applied (variant id order). */
  movements: StockMovementRow[];
  crossings: LowStockCrossing[];
  shortfalls: StockShortfall[];
}

export const insufficientStock = (available: number) =>
  new AppError(
    'INSUFFICIENT_STOCK',
    409,
    `Stock insuffisant : il reste ${available} unité${available > 1 ? 's' : ''}.`,
  );

/**
 * The only way a stock count changes, for one move or many: orders, the till, refunds, returns,
 * adjustments, counts and imports all come here. In the caller's transaction, in one statement
 * whatever the number of variants: a conditional update of the variants (never read-then-write:
 * two sales of the last unit cannot both pass, the second waits on the row and then fails its
 * condition) and of their products' totals from what it returns; then the movements (who, why)
 * and the low-stock crossings, one per variant that crossed its threshold.
 *
 * Rows are locked in one order by every writer: the variants in id order, then their products in
 * id order. An update takes its rows in whatever order the plan reads them, so several variants are
 * locked first (unless the caller did), and the products by the update's own subquery. Otherwise
 * two orders whose variants sort unlike their products (a size added to a product later) would
 * take the same two products in opposite orders and deadlock.
 */
export async function changeStockBatch(
  tx: Executor,
  batch: StockBatch,
  moves: StockMove[],
): Promise<StockBatchResult> {
  // Stable: a variant's own moves keep their order, so its running count replays as given.
  const sorted = moves
    .filter((m) => m.quantity !== 0)
    .sort((a, b) => (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0));
  if (sorted.length === 0) return { movements: [], crossings: [], shortfalls: [] };
  const steps = stepsByVariant(sorted);
  const variantIds = [...steps.keys()];

  if (variantIds.length > 1 && !variantIds.every((id) => batch.lockedVariantIds?.has(id)))
    await lockVariants(tx, batch.shopId, variantIds);

  // The condition is the lowest and highest points the moves reach, so a variant passes exactly when
  // taking its moves one by one would never have gone, removing, below zero (−MAX_STOCK when
  // allowed below zero) nor, adding, above MAX_STOCK: what a product's integer total of 100
  // variants can hold. A stock already past a bound (sold below zero at a till, stored before the
  // bounds) may still move back towards it. Figures are bigint in SQL, so a move computed from such
  // a stock is refused rather than overflowing the integer.
  const floor = batch.allowBelowZero ? -MAX_STOCK : 0;
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
      select * from unnest(${sql.param(variantIds)}::text[], ${sql.param(variantIds.map((id) => steps.get(id)!.delta))}::bigint[], ${sql.param(variantIds.map((id) => steps.get(id)!.lowest))}::bigint[], ${sql.param(variantIds.map((id) => steps.get(id)!.highest))}::bigint[]) as s(variant_id, delta, lowest, highest)
    ), moved as (
      update product_variants v set stock = v.stock + step.delta from step
      where v.shop_id = ${batch.shopId} and v.id = step.variant_id
        and (step.lowest = 0 or v.stock::bigint + step.lowest >= ${floor}::int)
        and (step.highest = 0 or v.stock::bigint + step.highest <= ${MAX_STOCK}::int)
      returning v.id, v.stock, v.product_id, v.option_values, step.delta
    ), by_product as (
      select product_id, sum(delta) as delta from moved group by product_id
    ), totals as (
      update products p set stock_total = p.stock_total + by_product.delta, updated_at = now() from by_product
      where p.id = by_product.product_id
        and p.id in (select id from products where id in (select product_id from moved) order by id for update)
      returning p.id, p.name, p.track_stock, p.low_stock_threshold
    )
    select moved.id, moved.stock, moved.product_id, moved.option_values, totals.name, totals.track_stock, totals.low_stock_threshold
    from moved join totals on totals.id = moved.product_id`,
  );
  const after = new Map(rows.map((r) => [r.id, r]));
  if (after.size < variantIds.length)
    await refuseFirstFailedVariant(tx, batch, sorted, (id) => after.has(id));

  // Replayed move by move: each movement's stock after it, and the thresholds crossed on the way.
  const running = new Map(rows.map((r) => [r.id, r.stock - steps.get(r.id)!.delta]));
  const crossings: LowStockCrossing[] = [];
  const movements: StockMovementRow[] = [];
  for (const move of sorted) {
    const variant = after.get(move.variantId)!;
    const before = running.get(variant.id)!;
    const stock = before + move.quantity;
    running.set(variant.id, stock);
    movements.push({
      id: newId(),
      shopId: batch.shopId,
      productId: variant.product_id,
      variantId: variant.id,
      quantity: move.quantity,
      stockAfter: stock,
      reason: batch.reason,
      userId: batch.userId,
    });
    if (variant.track_stock && before > variant.low_stock_threshold && stock <= variant.low_stock_threshold)
      crossings.push({
        shopId: batch.shopId,
        productId: variant.product_id,
        productName: variant.name,
        variantTitle: variant.option_values.join(' / '),
        stock,
      });
  }
  const shortfalls: StockShortfall[] = [];
  if (batch.allowBelowZero)
    for (const v of rows) {
      const taken = -steps.get(v.id)!.delta;
      if (v.stock >= 0 || taken <= 0) continue;
      shortfalls.push({
        variantId: v.id,
        productName: v.name,
        variantName: v.option_values.join(' / '),
        missing: Math.min(taken, -v.stock),
        stockAfter: v.stock,
      });
    }
  if (!batch.deferMovements)
    await tx.insert(stockMovements).values(movements.map((m) => ({ ...m, note: batch.note || null })));
  return { movements, crossings, shortfalls };
}

/** A batch of one, for the single change of an adjustment. */
export async function changeStock(
  tx: Executor,
  change: Omit<StockBatch, 'deferMovements'> & { variantId: string; quantity: number },
): Promise<{ stockAfter: number; movementId: string; crossing: LowStockCrossing | null }> {
  const { movements, crossings } = await changeStockBatch(tx, change, [
    { variantId: change.variantId, quantity: change.quantity },
  ]);
  const movement = movements[0];
  if (!movement) throw new AppError('NO_CHANGE', 422, 'La quantité ne peut pas être nulle.');
  return { stockAfter: movement.stockAfter, movementId: movement.id, crossing: crossings[0] ?? null };
}

/**
 * The statement that writes a deferred batch's movements, for a caller that writes them with rows
 * of its own in one round trip; `note` is an SQL expression (it may read the caller's CTEs, as an
 * order's number). One text whatever the number of rows, so it stays prepared.
 */
export function stockMovementsInsert(movements: StockMovementRow[], note: SQL): SQL {
  return sql`insert into stock_movements (id, shop_id, product_id, variant_id, quantity, stock_after, reason, note, user_id)
      select id, "shopId", "productId", "variantId", quantity, "stockAfter", reason, ${note}, "userId"
      from jsonb_to_recordset(${JSON.stringify(movements)}::jsonb) as x(id text, "shopId" text,
        "productId" text, "variantId" text, quantity int, "stockAfter" int, reason text, "userId" text)`;
}

/**
 * Per variant: the sum of its moves and the lowest and highest running totals they reach (0 at
 * most, 0 at least).
 */
function stepsByVariant(
  sorted: StockMove[],
): Map<string, { delta: number; lowest: number; highest: number }> {
  const steps = new Map<string, { delta: number; lowest: number; highest: number }>();
  for (const move of sorted) {
    const step = steps.get(move.variantId) ?? { delta: 0, lowest: 0, highest: 0 };
    step.delta += move.quantity;
    step.lowest = Math.min(step.lowest, step.delta);
    step.highest = Math.max(step.highest, step.delta);
    steps.set(move.variantId, step);
  }
  return steps;
}

/** Variant rows locked in id order: the first half of the order every stock writer follows. */
export async function lockVariants(tx: Executor, shopId: string, variantIds: string[]): Promise<void> {
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
 * The refusal for the first move that failed, in variant id order: « introuvable » for a variant
 * not in the shop; past the stock's bounds, a 422 naming the move's field; else the stock left when
 * that move came (naming the product when the move did).
 */
async function refuseFirstFailedVariant(
  tx: Executor,
  batch: StockBatch,
  sorted: StockMove[],
  passed: (variantId: string) => boolean,
): Promise<never> {
  const first = sorted.find((m) => !passed(m.variantId))!;
  const [current] = await tx
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(and(eq(productVariants.id, first.variantId), eq(productVariants.shopId, batch.shopId)));
  if (!current) throw new AppError('NOT_FOUND', 404, 'La variante est introuvable.');
  let stock = current.stock;
  for (const move of sorted.filter((m) => m.variantId === first.variantId)) {
    const after = stock + move.quantity;
    const pastBound = move.quantity > 0 ? after > MAX_STOCK : batch.allowBelowZero && after < -MAX_STOCK;
    if (pastBound) {
      const details = { [move.field ?? 'quantity']: stockLimitMessage(move.label, after) };
      throw Errors.validation(details, describeDetails(details));
    }
    if (move.quantity < 0 && after < 0 && !batch.allowBelowZero) {
      const error = insufficientStock(stock);
      if (!move.label) throw error;
      throw new AppError(
        'INSUFFICIENT_STOCK',
        409,
        `Stock insuffisant pour « ${move.label} » : ${error.message.replace(/^Stock insuffisant\s:\s/, '')}`,
        { variantId: move.variantId },
      );
    }
    stock = after;
  }
  throw insufficientStock(stock);
}

/**
 * After the commit: one `low_stock` notification per crossing (bell, socket, toast « Le stock du
 * produit X est faible »). The title is the product's name, which the toast quotes.
 */
export async function notifyLowStock(db: Executor, crossings: Array<LowStockCrossing | null>): Promise<void> {
  for (const crossing of crossings) {
    if (!crossing) continue;
    const what = crossing.variantTitle ? ` (${crossing.variantTitle})` : '';
    await createNotification(db, crossing.shopId, {
      type: 'low_stock',
      link: `/mes-produits/${crossing.productId}`,
      capability: 'products:view',
      title: crossing.productName,
      description:
        crossing.stock <= 0
          ? `Rupture de stock${what}.`
          : `Il ne reste que ${crossing.stock} unité${crossing.stock > 1 ? 's' : ''}${what}.`,
    });
  }
}
