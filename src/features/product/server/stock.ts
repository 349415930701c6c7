import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { anyOf, executePrepared, runPrepared, type Executor } from '@/server/db';
import { productVariants, stockMovements } from '@/server/db/schema/product';
import { AppError } from '@/server/http/errors';
import { MAX_STOCK } from '@/shared/bounds';
import { createNotification } from '@/features/notification/server/create-notification';
import {
  refuseMoves,
  replayMoves,
  sortedMoves,
  stepPasses,
  stepsByVariant,
  stockFloor,
  type LowStockCrossing,
  type StockBatch,
  type StockBatchResult,
  type StockMove,
  type StockMovementRow,
  type VariantAfter,
} from './stock-rules';

export {
  insufficientStock,
  type LowStockCrossing,
  type StockBatch,
  type StockBatchResult,
  type StockMove,
  type StockShortfall,
} from './stock-rules';

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
  const sorted = sortedMoves(moves);
  if (sorted.length === 0) return { movements: [], crossings: [], shortfalls: [] };
  const steps = stepsByVariant(sorted);
  const variantIds = [...steps.keys()];

  if (variantIds.length > 1 && !variantIds.every((id) => batch.lockedVariantIds?.has(id)))
    await lockVariants(tx, batch.shopId, variantIds);

  // stepPasses's condition (see it), in SQL. Figures are bigint in SQL, so a move computed from a
  // stock past a bound is refused rather than overflowing the integer.
  const floor = stockFloor(batch);
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
  const after = new Map<string, VariantAfter>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        stock: r.stock,
        productId: r.product_id,
        optionValues: r.option_values,
        productName: r.name,
        trackStock: r.track_stock,
        lowStockThreshold: r.low_stock_threshold,
      },
    ]),
  );
  if (after.size < variantIds.length) {
    const first = variantIds.find((id) => !after.has(id))!;
    const [current] = await tx
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(and(eq(productVariants.id, first), eq(productVariants.shopId, batch.shopId)));
    if (!current) throw new AppError('NOT_FOUND', 404, 'La variante est introuvable.');
    refuseMoves(batch, sorted, first, current.stock);
  }
  const result = replayMoves(batch, sorted, steps, after);
  await tx.insert(stockMovements).values(result.movements.map((m) => ({ ...m, note: batch.note || null })));
  return result;
}

/**
 * changeStockBatch for variants this transaction locked and read (lockVariantsForSale): their stock
 * cannot move until the commit, so the batch is judged here, with the same refusals, crossings and
 * shortfalls, without a round trip. Its writes come back as CTEs for the caller's own statement
 * (an order writes them in the one that takes its number): the variants' counts, their products'
 * totals (locked in id order, as every writer does) and the movements, noted with `note` (an SQL
 * expression, which may read the caller's CTEs). One text whatever the number of variants.
 */
export function stockWritesOfLockedVariants(
  batch: Omit<StockBatch, 'lockedVariantIds' | 'note'>,
  moves: StockMove[],
  /** As read when locked: their stock before the batch. */
  locked: ReadonlyMap<string, VariantAfter>,
  note: SQL,
): StockBatchResult & { ctes: SQL | null } {
  const sorted = sortedMoves(moves);
  if (sorted.length === 0) return { movements: [], crossings: [], shortfalls: [], ctes: null };
  const steps = stepsByVariant(sorted);
  const floor = stockFloor(batch);
  const after = new Map<string, VariantAfter>();
  const byProduct = new Map<string, number>();
  for (const [variantId, step] of steps) {
    const variant = locked.get(variantId);
    if (!variant) throw new AppError('NOT_FOUND', 404, 'La variante est introuvable.');
    if (!stepPasses(variant.stock, step, floor)) refuseMoves(batch, sorted, variantId, variant.stock);
    after.set(variantId, { ...variant, stock: variant.stock + step.delta });
    byProduct.set(variant.productId, (byProduct.get(variant.productId) ?? 0) + step.delta);
  }
  const result = replayMoves(batch, sorted, steps, after);
  const variantIds = [...steps.keys()];
  const productIds = [...byProduct.keys()];
  return {
    ...result,
    ctes: sql`stock_variants as (
      update product_variants v set stock = v.stock + s.delta
      from unnest(${sql.param(variantIds)}::text[], ${sql.param(variantIds.map((id) => steps.get(id)!.delta))}::bigint[]) as s(id, delta)
      where v.shop_id = ${batch.shopId} and v.id = s.id
    ), stock_products as (
      update products p set stock_total = p.stock_total + s.delta, updated_at = now()
      from unnest(${sql.param(productIds)}::text[], ${sql.param([...byProduct.values()])}::bigint[]) as s(id, delta)
      where p.id = s.id
        and p.id in (select id from products where id = any(${sql.param(productIds)}::text[]) order by id for update)
    ), stock_moves as (
      ${stockMovementsInsert(result.movements, note)}
    )`,
  };
}

/** A batch of one, for the single change of an adjustment. */
export async function changeStock(
  tx: Executor,
  change: StockBatch & { variantId: string; quantity: number },
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
