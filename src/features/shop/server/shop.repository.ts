import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { agents } from '@/server/db/schema/agent';
import { pushDevices } from '@/server/db/schema/platform';
import { balanceEntries, shops } from '@/server/db/schema/shop';
import { newId } from '@/server/ids';

export type ShopRow = typeof shops.$inferSelect;
export type NewShop = Omit<typeof shops.$inferInsert, 'id'>;

/**
 * Takes the shop's row lock for the rest of the transaction: writes that check a per-shop quota
 * or number sequence queue here, so two of them never both pass the check.
 */
export async function lockShop(db: Executor, id: string): Promise<ShopRow> {
  const [row] = await db.select().from(shops).where(eq(shops.id, id)).for('update');
  if (!row) throw new Error(`Boutique ${id} introuvable`);
  return row;
}

export async function updateShop(
  db: Executor,
  id: string,
  values: Partial<Omit<ShopRow, 'id' | 'createdAt' | 'sellerId' | 'slug'>>,
): Promise<ShopRow> {
  const [row] = await db.update(shops).set(values).where(eq(shops.id, id)).returning();
  return row!;
}

export async function getShopById(db: Executor, id: string): Promise<ShopRow | null> {
  const [row] = await db.select().from(shops).where(eq(shops.id, id)).limit(1);
  return row ?? null;
}

/** Shops owned by `sellerId` that `memberUserId` may see (is an active agent of). */
export async function findShopsOfSellerVisibleTo(
  db: Executor,
  sellerId: string,
  memberUserId: string,
): Promise<ShopRow[]> {
  return db
    .select({ shop: shops })
    .from(shops)
    .innerJoin(
      agents,
      and(eq(agents.shopId, shops.id), eq(agents.userId, memberUserId), eq(agents.isActive, true)),
    )
    .where(eq(shops.sellerId, sellerId))
    .orderBy(asc(shops.createdAt), asc(shops.id))
    .then((rows) => rows.map((r) => r.shop));
}

export async function findShopsBySeller(db: Executor, sellerId: string): Promise<ShopRow[]> {
  return db
    .select()
    .from(shops)
    .where(eq(shops.sellerId, sellerId))
    .orderBy(asc(shops.createdAt), asc(shops.id));
}

export async function insertShop(db: Executor, values: NewShop): Promise<ShopRow> {
  const [row] = await db
    .insert(shops)
    .values({ id: newId(), ...values })
    .returning();
  return row!;
}

/** Slugs already taken that start with `base`, to pick a free one without a retry loop. */
export async function findSlugsStartingWith(db: Executor, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: shops.slug })
    .from(shops)
    .where(like(shops.slug, `${base}%`));
  return rows.map((r) => r.slug);
}

export async function getShopBalance(db: Executor, shopId: string): Promise<number> {
  // Cast in SQL: PGlite answers sum()::bigint as a number and pg as a string.
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${balanceEntries.amount}), 0)::text` })
    .from(balanceEntries)
    .where(eq(balanceEntries.shopId, shopId));
  return Number(row?.total ?? 0);
}

export async function insertBalanceEntry(
  db: Executor,
  values: { shopId: string; amount: number; kind: string; description?: string; createdAt?: Date },
): Promise<void> {
  await db.insert(balanceEntries).values({ id: newId(), ...values });
}

/** A device id moves to whoever signs in on it last. */
export async function upsertPushDevice(db: Executor, userId: string, token: string): Promise<void> {
  await db
    .insert(pushDevices)
    .values({ id: newId(), userId, token })
    .onConflictDoUpdate({ target: pushDevices.token, set: { userId, updatedAt: new Date() } });
}

export async function findPushTokensOfUsers(db: Executor, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ token: pushDevices.token })
    .from(pushDevices)
    .where(inArray(pushDevices.userId, userIds));
  return rows.map((r) => r.token);
}
