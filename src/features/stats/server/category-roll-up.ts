import { sql } from 'drizzle-orm';
import { executePrepared, type Executor } from '@/server/db';
import { categoryOfProducts } from '@/features/product/server/product.repository';
import { MEASURES as ROLL_UP_MEASURES } from './contributions';

/*
 * The monthly roll-up by category (`stats_category_months`): each product's monthly sums filed
 * under one category (`stats_product_categories`), moved when the product's category changes.
 * Both run inside the roll-up's transaction, under its shop lock, so nothing else moves the
 * product roll-ups they read: a category's row is always the sum of its products' rows.
 */

/** The product months' measures, which the category months keep as they are. */
const MEASURES = ROLL_UP_MEASURES.N;
const COLUMNS = MEASURES.join(', ');
const ADD_EXCLUDED = sql.raw(
  MEASURES.map((m) => `${m} = stats_category_months.${m} + excluded.${m}`).join(', '),
);

/**
 * Adds the product months' deltas (`month`, `product_id` and the measures, as the roll-up moves
 * `stats_product_total_months`) to their categories' months. A product met for the first time is
 * filed under its category now.
 */
export async function addCategoryDeltas(
  tx: Executor,
  shopId: string,
  records: ReadonlyArray<Record<string, string | number>>,
): Promise<void> {
  const json = JSON.stringify(records);
  await executePrepared(
    tx,
    sql`insert into stats_product_categories (shop_id, product_id, category_id)
      select ${shopId}, x.product_id, coalesce(c.category_id, '')
      from (select distinct product_id from jsonb_to_recordset(${json}::jsonb) as r(product_id text)) as x
      left join (${categoryOfProducts(shopId)}) as c on c.product_id = x.product_id
      on conflict (shop_id, product_id) do nothing`,
  );
  const typed = sql.raw(['month date', 'product_id text', ...MEASURES.map((m) => `${m} bigint`)].join(', '));
  await executePrepared(
    tx,
    sql`insert into stats_category_months (shop_id, month, category_id, ${sql.raw(COLUMNS)})
      select ${shopId}, x.month, f.category_id, ${sql.raw(MEASURES.map((m) => `sum(x.${m})`).join(', '))}
      from jsonb_to_recordset(${json}::jsonb) as x(${typed})
      join stats_product_categories as f on f.shop_id = ${shopId} and f.product_id = x.product_id
      group by x.month, f.category_id
      on conflict (shop_id, month, category_id) do update set ${ADD_EXCLUDED}`,
  );
}

/**
 * Takes the shop's products marked since (category changed, product deleted) and moves the
 * months of each one filed under another category than its own now (none once deleted).
 * Answers how many products moved.
 */
export async function moveRecategorizedProducts(tx: Executor, shopId: string): Promise<number> {
  const moves = await executePrepared<{ product_id: string; from_category: string; to_category: string }>(
    tx,
    sql`with taken as (delete from stats_dirty_products where shop_id = ${shopId} returning product_id)
      select f.product_id, f.category_id as from_category, coalesce(c.category_id, '') as to_category
      from taken as t
      join stats_product_categories as f on f.shop_id = ${shopId} and f.product_id = t.product_id
      left join (${categoryOfProducts(shopId)}) as c on c.product_id = t.product_id
      where f.category_id <> coalesce(c.category_id, '')`,
  );
  if (moves.length === 0) return 0;
  const json = JSON.stringify(moves);
  // Each product's months added to its new category and taken from its old one, in one upsert.
  await executePrepared(
    tx,
    sql`with x as (select * from jsonb_to_recordset(${json}::jsonb)
          as r(product_id text, from_category text, to_category text)),
        filing as (select product_id, to_category as category_id, 1 as sign from x
          union all select product_id, from_category, -1 from x)
      insert into stats_category_months (shop_id, month, category_id, ${sql.raw(COLUMNS)})
      select ${shopId}, m.month, filing.category_id,
        ${sql.raw(MEASURES.map((m) => `sum(filing.sign * m.${m})`).join(', '))}
      from stats_product_total_months as m
      join filing on filing.product_id = m.product_id
      where m.shop_id = ${shopId}
      group by m.month, filing.category_id
      on conflict (shop_id, month, category_id) do update set ${ADD_EXCLUDED}`,
  );
  await executePrepared(
    tx,
    sql`update stats_product_categories as f set category_id = x.to_category
      from jsonb_to_recordset(${json}::jsonb) as x(product_id text, to_category text)
      where f.shop_id = ${shopId} and f.product_id = x.product_id`,
  );
  return moves.length;
}
