import { sql } from 'drizzle-orm';
import { executePrepared, type Executor } from '@/server/db';
import { instantOf, readChangeCursor } from '@/server/db/change-cursor';
import { productVariants, variantPriceHistory } from '@/server/db/schema/product';

/** A variant's price about to be replaced: the one it had until now. */
export interface ReplacedPrice {
  shopId: string;
  variantId: string;
  price: number;
}

/**
 * Keeps the prices being replaced, stamped with the instant the product row's `updated_at` gets
 * for the same change: a till's catalogue cursor is read on that clock, so « had this price after
 * the cursor » compares like with like.
 */
export async function recordReplacedPrices(
  tx: Executor,
  replaced: ReplacedPrice[],
  replacedAt: Date,
): Promise<void> {
  if (replaced.length === 0) return;
  await tx.insert(variantPriceHistory).values(replaced.map((r) => ({ ...r, replacedAt })));
}

/**
 * The lowest price each variant had since a copy of the catalogue was read at `catalogueCursor`
 * (a cursor `productChanges` handed out), its current price included; without a cursor, the
 * current price. A copy read at that cursor shows one of those prices for every variant, whatever
 * changed since. Variants of other shops are left out. One statement: an index lookup per variant.
 */
export async function lowestPricesSince(
  db: Executor,
  shopId: string,
  variantIds: string[],
  catalogueCursor: string | undefined,
): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  const replacedSince = catalogueCursor
    ? sql`(select min(h.price) from ${variantPriceHistory} h
        where h.variant_id = v.id and h.replaced_at > ${instantOf(readChangeCursor(catalogueCursor))})`
    : sql`null`;
  // least() skips a null: no price replaced since, the current one.
  const rows = await executePrepared<{ id: string; price: string | number }>(
    db,
    sql`select v.id, least(v.price, ${replacedSince}) as price from ${productVariants} v
      where v.shop_id = ${shopId} and v.id = any(${sql.param([...new Set(variantIds)])}::text[])`,
  );
  return new Map(rows.map((r) => [r.id, Number(r.price)]));
}
