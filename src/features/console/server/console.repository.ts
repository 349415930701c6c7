import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { agents } from '@/server/db/schema/agent';
import { shops } from '@/server/db/schema/shop';
import { users } from '@/server/db/schema/user';

export const CONSOLE_PAGE_SIZE = 50;

/**
 * Cursor = the last row's creation instant and id, so pages stay stable while shops sign up. The
 * instant keeps the database's microseconds (a JS Date would cut them to milliseconds, and every
 * shop created in the same millisecond, e.g. by one bulk insert, would then fall between pages).
 */
export function encodeCursor(row: { createdAtExact: string; id: string }): string {
  return `${row.createdAtExact}|${row.id}`;
}

function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  const [iso, id] = cursor.split('|');
  if (!iso || !id || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(iso)) return null;
  return Number.isNaN(new Date(iso).getTime()) ? null : { createdAt: iso, id };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function selectConsoleRows(db: Executor) {
  return db
    .select({
      shop: shops,
      owner: { phone: users.phone, firstName: users.firstName, lastName: users.lastName },
      activeAgents: sql<number>`(select count(*)::int from ${agents} where ${agents.shopId} = ${shops.id} and ${agents.isActive})`,
      createdAtExact: sql<string>`to_char(${shops.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.sellerId));
}

export type ConsoleRow = Awaited<ReturnType<ReturnType<typeof selectConsoleRows>['execute']>>[number];

export async function findConsoleRow(db: Executor, shopId: string): Promise<ConsoleRow | null> {
  const [row] = await selectConsoleRows(db).where(eq(shops.id, shopId)).limit(1);
  return row ?? null;
}

/** Newest shops first; search by shop name, slug, or the owner's phone or name. */
export async function listShopsForConsole(db: Executor, input: { search?: string; after?: string }) {
  const conditions: SQL[] = [];
  const term = input.search?.trim();
  if (term) {
    const pattern = `%${escapeLike(term)}%`;
    const digits = term.replace(/[^\d]/g, '');
    conditions.push(
      or(
        ilike(shops.name, pattern),
        ilike(shops.slug, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ...(digits.length >= 3 ? [ilike(users.phone, `%${digits}%`)] : []),
      )!,
    );
  }
  const cursor = input.after ? decodeCursor(input.after) : null;
  if (cursor)
    conditions.push(
      sql`(${shops.createdAt}, ${shops.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`,
    );

  const rows = await selectConsoleRows(db)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(shops.createdAt), desc(shops.id))
    .limit(CONSOLE_PAGE_SIZE + 1);
  const hasMore = rows.length > CONSOLE_PAGE_SIZE;
  const items = rows.slice(0, CONSOLE_PAGE_SIZE);
  const last = items[items.length - 1];
  return {
    items,
    nextCursor:
      hasMore && last ? encodeCursor({ createdAtExact: last.createdAtExact, id: last.shop.id }) : null,
  };
}
