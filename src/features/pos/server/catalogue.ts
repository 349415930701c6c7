import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { clients } from '@/server/db/schema/customer';
import { productCategories, productRemovals, productVariants, products } from '@/server/db/schema/product';
import { Errors } from '@/server/http/errors';
import type { PosProduct } from '../pos.schemas';

/**
 * A change cursor: the last (updated_at, id) seen. A row's updated_at is set before its transaction
 * commits, so a slow writer can commit a row older than the cursor: a finished refresh hands back a
 * cursor this far behind, and the next one reads those minutes again (the till merges by id).
 */
const SETTLE_MS = 2 * 60 * 1000;

/** Microseconds since 1970 (PostgreSQL keeps them; a Date would round them off) and the id. */
interface Cursor {
  micros: bigint;
  id: string;
}

function readCursor(since: string | undefined): Cursor {
  if (!since) return { micros: 0n, id: '' };
  const [micros, id = ''] = since.split('~');
  if (!micros || !/^\d{1,20}$/.test(micros))
    throw Errors.validation({ since: 'Curseur de synchronisation invalide.' });
  return { micros: BigInt(micros), id };
}

/** Where the next call starts: just after this page, or a settle window back once all is read. */
function nextCursor(
  last: { micros: string; id: string } | undefined,
  since: Cursor,
  hasMore: boolean,
): string {
  if (hasMore && last) return `${last.micros}~${last.id}`;
  const newest = last && BigInt(last.micros) > since.micros ? BigInt(last.micros) : since.micros;
  const settled = newest - BigInt(SETTLE_MS * 1000);
  return `${settled > 0n ? settled : 0n}~`;
}

const micros = (column: unknown) => sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

// Integer arithmetic on purpose: a double cannot hold every microsecond of an epoch.
const instantOf = (c: Cursor) =>
  sql`('epoch'::timestamptz + ${c.micros.toString()}::bigint * interval '1 microsecond')`;
const after = (column: { updatedAt: unknown; id: unknown }, c: Cursor) =>
  sql`(${column.updatedAt}, ${column.id}) > (${instantOf(c)}, ${c.id})`;

/** Products changed since the cursor, with their variants; archived, draft or deleted ones as removed. */
export async function catalogueChanges(
  db: Executor,
  shopId: string,
  since: string | undefined,
  limit: number,
) {
  const from = readCursor(since);
  const rows = await db
    .select({ product: products, micros: micros(products.updatedAt) })
    .from(products)
    .where(and(eq(products.shopId, shopId), after(products, from)))
    .orderBy(asc(products.updatedAt), asc(products.id))
    .limit(limit + 1);
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit).map((r) => r.product);
  const variants = page.length
    ? await db
        .select()
        .from(productVariants)
        .where(
          inArray(
            productVariants.productId,
            page.map((p) => p.id),
          ),
        )
        .orderBy(asc(productVariants.productId), asc(productVariants.position))
    : [];
  const removals = await db
    .select({ productId: productRemovals.productId })
    .from(productRemovals)
    .where(and(eq(productRemovals.shopId, shopId), sql`${productRemovals.removedAt} > ${instantOf(from)}`));
  const categories = await db
    .select({ id: productCategories.id, name: productCategories.name })
    .from(productCategories)
    .where(eq(productCategories.shopId, shopId))
    .orderBy(asc(productCategories.name));

  const items: PosProduct[] = page.map((p) => ({
    id: p.id,
    name: p.name,
    categoryId: p.categoryId,
    imageUrl: p.coverUrl,
    trackStock: p.trackStock,
    isRemoved: p.status !== 'active',
    options: p.options,
    variants: variants
      .filter((v) => v.productId === p.id)
      .map((v) => ({
        id: v.id,
        optionValues: v.optionValues,
        price: v.price,
        sku: v.sku,
        barcode: v.barcode,
        stock: v.stock,
        imageUrl: v.imageUrl,
      })),
  }));
  for (const r of removals)
    items.push({
      id: r.productId,
      name: '',
      categoryId: null,
      imageUrl: null,
      trackStock: false,
      isRemoved: true,
      options: [],
      variants: [],
    });
  const last = rows[page.length - 1];
  return {
    items,
    categories,
    cursor: nextCursor(last && { micros: last.micros, id: last.product.id }, from, hasMore),
    hasMore,
  };
}

/** Clients changed since the cursor (name and phone: what the till searches on). */
export async function clientChanges(db: Executor, shopId: string, since: string | undefined, limit: number) {
  const from = readCursor(since);
  const rows = await db
    .select({ id: clients.id, name: clients.name, phone: clients.phone, micros: micros(clients.updatedAt) })
    .from(clients)
    .where(and(eq(clients.shopId, shopId), after(clients, from)))
    .orderBy(asc(clients.updatedAt), asc(clients.id))
    .limit(limit + 1);
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(({ id, name, phone }) => ({ id, name, phone })),
    cursor: nextCursor(last, from, hasMore),
    hasMore,
  };
}
