import { asc, eq, like, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { balanceEntries, shopSlugRedirects, shops } from '@/server/db/schema/shop';
import { newId } from '@/server/ids';
import { forgetCallers } from '@/server/tenancy/caller-cache';

export type ShopRow = typeof shops.$inferSelect;
export type NewShop = Omit<typeof shops.$inferInsert, 'id'>;

/**
 * Takes the shop's row lock for the rest of the transaction: writes that check a per-shop quota
 * or number sequence queue here, so two of them never both pass the check. `no key update` is the
 * weaker lock for writers that must not wait on the KEY SHARE locks rows referencing the shop take.
 */
export async function lockShop(
  db: Executor,
  id: string,
  strength: 'update' | 'no key update' = 'update',
): Promise<ShopRow> {
  const [row] = await db.select().from(shops).where(eq(shops.id, id)).for(strength);
  if (!row) throw new Error(`Boutique ${id} introuvable`);
  return row;
}

export async function updateShop(
  db: Executor,
  id: string,
  values: Partial<Omit<ShopRow, 'id' | 'createdAt' | 'sellerId' | 'slug'>>,
): Promise<ShopRow> {
  const [row] = await db.update(shops).set(values).where(eq(shops.id, id)).returning();
  // Requests carry their shop from the callers kept in memory: the next one reads this change.
  forgetCallers({ shopId: id });
  return row!;
}

export async function getShopById(db: Executor, id: string): Promise<ShopRow | null> {
  const [row] = await db.select().from(shops).where(eq(shops.id, id)).limit(1);
  return row ?? null;
}

export async function findShopBySlug(db: Executor, slug: string): Promise<ShopRow | null> {
  const [row] = await db.select().from(shops).where(eq(shops.slug, slug)).limit(1);
  return row ?? null;
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

/**
 * Slugs already taken that start with `base` (by a shop, now or before: a former address stays its
 * shop's redirect), to pick a free one without a retry loop.
 */
export async function findSlugsStartingWith(db: Executor, base: string): Promise<string[]> {
  const pattern = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ slug: shops.slug })
    .from(shops)
    .where(like(shops.slug, pattern))
    .unionAll(
      db
        .select({ slug: shopSlugRedirects.slug })
        .from(shopSlugRedirects)
        .where(like(shopSlugRedirects.slug, pattern)),
    );
  return rows.map((r) => r.slug);
}

/** The shop a former slug of its own leads to, for the online shop's redirect. */
export async function findShopByFormerSlug(db: Executor, slug: string): Promise<ShopRow | null> {
  const [row] = await db
    .select({ shop: shops })
    .from(shopSlugRedirects)
    .innerJoin(shops, eq(shops.id, shopSlugRedirects.shopId))
    .where(eq(shopSlugRedirects.slug, slug))
    .limit(1);
  return row?.shop ?? null;
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
