import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { discountSettings } from '@/server/db/schema/discount';

export interface DiscountSettings {
  /** The shop cap, in basis points of the subtotal (10 000 = 100 %). */
  stackCapBp: number;
  revision: number;
}

const DEFAULTS: DiscountSettings = { stackCapBp: 10_000, revision: 0 };

export async function readDiscountSettings(db: Executor, shopId: string): Promise<DiscountSettings> {
  const [row] = await db
    .select({ stackCapBp: discountSettings.stackCapBp, revision: discountSettings.revision })
    .from(discountSettings)
    .where(eq(discountSettings.shopId, shopId));
  return row ?? DEFAULTS;
}

/**
 * Says the shop's discounts changed: what order creation and the tills hold compiled is read
 * again. Called once the change is committed, never inside its transaction: a reader that saw
 * the new revision before the commit would keep the old discounts under it.
 */
export async function bumpDiscountsRevision(db: Executor, shopId: string): Promise<void> {
  await db
    .insert(discountSettings)
    .values({ shopId, revision: 1 })
    .onConflictDoUpdate({
      target: discountSettings.shopId,
      set: { revision: sql`${discountSettings.revision} + 1`, updatedAt: new Date() },
    });
}

/** The cap; the caller says the discounts changed once it is committed (discountsChanged). */
export async function setStackCap(db: Executor, shopId: string, stackCapBp: number): Promise<void> {
  await db
    .insert(discountSettings)
    .values({ shopId, stackCapBp })
    .onConflictDoUpdate({ target: discountSettings.shopId, set: { stackCapBp, updatedAt: new Date() } });
}
