import type { Executor } from '@/server/db';
import { countActiveAgentsOfShops } from '@/features/agent/server/agent.repository';
import { listShopsNewestFirst, type ShopDirectoryRow } from '@/features/shop/server/shop-directory';
import { findUsersByIds, usersMatching } from '@/features/user/server/user.repository';

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

export interface ConsoleRow extends ShopDirectoryRow {
  owner: { phone: string; firstName: string | null; lastName: string | null };
  activeAgents: number;
}

/** The page's owners and active agents, from the user and agent modules (two queries a page). */
async function withOwnersAndAgents(db: Executor, rows: ShopDirectoryRow[]): Promise<ConsoleRow[]> {
  const [owners, agents] = await Promise.all([
    findUsersByIds(
      db,
      rows.map((r) => r.shop.sellerId),
    ),
    countActiveAgentsOfShops(
      db,
      rows.map((r) => r.shop.id),
    ),
  ]);
  return rows.flatMap((row) => {
    const owner = owners.get(row.shop.sellerId);
    // A shop always has its seller (foreign key); skipped rather than shown half-empty if not.
    if (!owner) return [];
    return [
      {
        ...row,
        owner: { phone: owner.phone, firstName: owner.firstName, lastName: owner.lastName },
        activeAgents: agents.get(row.shop.id) ?? 0,
      },
    ];
  });
}

export async function findConsoleRow(db: Executor, shopId: string): Promise<ConsoleRow | null> {
  const rows = await listShopsNewestFirst(db, { shopId, limit: 1 });
  const [row] = await withOwnersAndAgents(db, rows);
  return row ?? null;
}

/** Newest shops first; search by shop name, slug, or the owner's phone or name. */
export async function listShopsForConsole(db: Executor, input: { search?: string; after?: string }) {
  const search = input.search?.trim() || undefined;
  const rows = await listShopsNewestFirst(db, {
    search,
    ownerIds: search ? usersMatching(search) : undefined,
    after: input.after ? decodeCursor(input.after) : null,
    limit: CONSOLE_PAGE_SIZE + 1,
  });
  const hasMore = rows.length > CONSOLE_PAGE_SIZE;
  const items = await withOwnersAndAgents(db, rows.slice(0, CONSOLE_PAGE_SIZE));
  const last = rows[Math.min(rows.length, CONSOLE_PAGE_SIZE) - 1];
  return {
    items,
    nextCursor:
      hasMore && last ? encodeCursor({ createdAtExact: last.createdAtExact, id: last.shop.id }) : null,
  };
}
