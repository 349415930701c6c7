import { and, asc, count, desc, eq, gt, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { likePattern } from '@/server/db/like';
import type { Executor } from '@/server/db';
import { productVariants, products } from '@/server/db/schema/product';
import { normalizeForSearch } from '@/shared/search';
import type { ProductSort, TListProductsQuery } from '../product.schemas';
import { findCategories, withDescendants, type ProductRow } from './product.repository';

type SortKey = 'id' | 'name' | 'priceMin' | 'stockTotal';
const SORTS: Record<ProductSort, { key: SortKey; dir: 'asc' | 'desc' }> = {
  // Ids grow with time (see ids.ts), so « récents » is the id order and needs no timestamp.
  recent: { key: 'id', dir: 'desc' },
  name: { key: 'name', dir: 'asc' },
  name_desc: { key: 'name', dir: 'desc' },
  price: { key: 'priceMin', dir: 'asc' },
  price_desc: { key: 'priceMin', dir: 'desc' },
  stock: { key: 'stockTotal', dir: 'asc' },
  stock_desc: { key: 'stockTotal', dir: 'desc' },
};

function encodeCursor(value: string | number, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

function decodeCursor(cursor: string): [string | number, string] | null {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[1] === 'string') {
      const [value, id] = parsed as [unknown, string];
      if (typeof value === 'string' || typeof value === 'number') return [value, id];
    }
  } catch {
    // an unreadable cursor starts from the top
  }
  return null;
}

/** The filters of the list (and of the CSV export, which takes the same query). */
export async function productFilters(
  db: Executor,
  query: Omit<TListProductsQuery, 'sort' | 'after' | 'limit' | 'withVariants'>,
) {
  const conditions: SQL[] = [eq(products.shopId, query.shopId)];
  // Archived products leave the list unless asked for.
  conditions.push(query.status ? eq(products.status, query.status) : ne(products.status, 'archived'));
  const term = query.search ? normalizeForSearch(query.search) : '';
  if (term) conditions.push(sql`${products.searchText} like ${likePattern(term)}`);
  if (query.categoryId) {
    const ids = withDescendants(await findCategories(db, query.shopId), query.categoryId);
    conditions.push(inArray(products.categoryId, ids));
  }
  if (query.stock === 'out')
    conditions.push(and(eq(products.trackStock, true), sql`${products.stockTotal} <= 0`)!);
  if (query.stock === 'low')
    conditions.push(
      and(
        eq(products.trackStock, true),
        sql`${products.stockTotal} > 0`,
        sql`${products.stockTotal} <= ${products.lowStockThreshold}`,
      )!,
    );
  if (query.stock === 'available')
    conditions.push(
      or(eq(products.trackStock, false), sql`${products.stockTotal} > ${products.lowStockThreshold}`)!,
    );
  return conditions;
}

export type ListedProduct = ProductRow & {
  variantStats: { count: number; priceMax: number; sku: string | null; barcode: string | null };
};

/** One page, keyset-paginated on (sort key, id): as fast on page 400 as on page 1. */
export async function listProducts(
  db: Executor,
  query: TListProductsQuery,
): Promise<{ items: ListedProduct[]; nextCursor: string | null }> {
  const sort = SORTS[query.sort];
  const column = products[sort.key];
  const conditions = await productFilters(db, query);
  const cursor = query.after ? decodeCursor(query.after) : null;
  if (cursor) {
    const [value, id] = cursor;
    const beyond = sort.dir === 'asc' ? gt : lt;
    conditions.push(
      sort.key === 'id'
        ? beyond(products.id, id)
        : or(beyond(column, value as never), and(eq(column, value as never), beyond(products.id, id)))!,
    );
  }
  const order = sort.dir === 'asc' ? asc : desc;
  // The list's variant figures come with the page, in the same query (one round trip, not two).
  // « products.id » is spelt out: drizzle writes a bare "id" inside select fields, which would be v's.
  const rows = await db
    .select({
      product: products,
      // One index lookup per product for all four figures: [count, max price, first SKU, first barcode].
      stats: sql<[number, string | null, string | null, string | null]>`(
        select json_build_array(count(*), max(v.price)::text,
          (array_agg(v.sku order by v.position))[1], (array_agg(v.barcode order by v.position))[1])
        from ${productVariants} v where v.product_id = products.id)`,
    })
    .from(products)
    .where(and(...conditions))
    .orderBy(order(column), order(products.id))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit).map((r) => ({
    ...r.product,
    variantStats: {
      count: Number(r.stats[0]),
      priceMax: r.stats[1] === null ? r.product.priceMin : Number(r.stats[1]),
      sku: r.stats[2],
      barcode: r.stats[3],
    },
  }));
  const last = items[items.length - 1];
  return {
    items,
    nextCursor: rows.length > query.limit && last ? encodeCursor(last[sort.key], last.id) : null,
  };
}

/** Products followed in stock (archived aside) at or under their alert threshold, out of stock included. */
export async function countLowStockProducts(db: Executor, shopId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(
      and(
        eq(products.shopId, shopId),
        eq(products.trackStock, true),
        ne(products.status, 'archived'),
        sql`${products.stockTotal} <= ${products.lowStockThreshold}`,
      ),
    );
  return Number(row?.n ?? 0);
}
