import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { shops } from '@/server/db/schema/shop';
import type { ShopRow } from './shop.repository';

export interface ShopDirectoryRow {
  shop: ShopRow;
  /** The creation instant to the microsecond, ISO (a JS Date would cut it to milliseconds). */
  createdAtExact: string;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Every shop of the platform, newest first, for the operators' console: a page after a cursor
 * (creation instant and id), searched by name or slug, or by owner: `ownerIds` is a subquery of
 * user ids from the user module, so the search stays one statement.
 */
export async function listShopsNewestFirst(
  db: Executor,
  input: {
    search?: string;
    ownerIds?: SQL;
    after?: { createdAt: string; id: string } | null;
    shopId?: string;
    limit: number;
  },
): Promise<ShopDirectoryRow[]> {
  const conditions: SQL[] = [];
  if (input.shopId) conditions.push(eq(shops.id, input.shopId));
  if (input.search) {
    const pattern = `%${escapeLike(input.search)}%`;
    conditions.push(
      or(
        ilike(shops.name, pattern),
        ilike(shops.slug, pattern),
        ...(input.ownerIds ? [inArray(shops.sellerId, input.ownerIds)] : []),
      )!,
    );
  }
  if (input.after)
    conditions.push(
      sql`(${shops.createdAt}, ${shops.id}) < (${input.after.createdAt}::timestamptz, ${input.after.id})`,
    );
  return db
    .select({
      shop: shops,
      createdAtExact: sql<string>`to_char(${shops.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(shops)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(shops.createdAt), desc(shops.id))
    .limit(input.limit);
}
