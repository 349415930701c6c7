import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { storefrontCarts } from '@/server/db/schema/storefront';
import { newId } from '@/server/ids';

export type StorefrontCartRow = typeof storefrontCarts.$inferSelect;

/** A cart with a phone and no order for this long is « abandonné ». */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * The buyer typed a valid phone at checkout: their cart is kept under it (one open cart per
 * phone), so the shop can remind them if no order follows.
 */
export async function recordCartContact(
  db: Executor,
  shopId: string,
  cart: { phone: string; name: string; lines: StorefrontCartRow['lines']; total: number },
  /** When the buyer was last there (now, but for the demo's carts of yesterday). */
  at = new Date(),
): Promise<void> {
  const updated = await db
    .update(storefrontCarts)
    .set({ name: cart.name, lines: cart.lines, total: cart.total, updatedAt: at })
    .where(
      and(
        eq(storefrontCarts.shopId, shopId),
        eq(storefrontCarts.phone, cart.phone),
        isNull(storefrontCarts.orderId),
      ),
    )
    .returning({ id: storefrontCarts.id });
  if (updated.length === 0)
    await db.insert(storefrontCarts).values({ id: newId(), shopId, ...cart, createdAt: at, updatedAt: at });
}

/** The phone ordered: their open cart is no longer abandoned. */
export async function markCartOrdered(
  db: Executor,
  shopId: string,
  phone: string,
  orderId: string,
): Promise<void> {
  await db
    .update(storefrontCarts)
    .set({ orderId, updatedAt: new Date() })
    .where(
      and(
        eq(storefrontCarts.shopId, shopId),
        eq(storefrontCarts.phone, phone),
        isNull(storefrontCarts.orderId),
      ),
    );
}

export async function listAbandonedCarts(
  db: Executor,
  shopId: string,
  now = new Date(),
): Promise<StorefrontCartRow[]> {
  return db
    .select()
    .from(storefrontCarts)
    .where(
      and(
        eq(storefrontCarts.shopId, shopId),
        isNull(storefrontCarts.orderId),
        lt(storefrontCarts.updatedAt, new Date(now.getTime() - ABANDONED_AFTER_MS)),
        // Older than a month: gone cold, not worth a reminder.
        sql`${storefrontCarts.updatedAt} > ${new Date(now.getTime() - 30 * 86_400_000)}`,
      ),
    )
    .orderBy(desc(storefrontCarts.updatedAt))
    .limit(200);
}

export async function findAbandonedCart(
  db: Executor,
  shopId: string,
  id: string,
): Promise<StorefrontCartRow | null> {
  const [row] = await db
    .select()
    .from(storefrontCarts)
    .where(and(eq(storefrontCarts.shopId, shopId), eq(storefrontCarts.id, id)));
  return row ?? null;
}

export async function markCartReminded(db: Executor, shopId: string, id: string): Promise<void> {
  await db
    .update(storefrontCarts)
    .set({ remindedAt: new Date() })
    .where(and(eq(storefrontCarts.shopId, shopId), eq(storefrontCarts.id, id)));
}
