import { eq } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { storefronts } from '@/server/db/schema/storefront';
import { defaultLayout, upgradeLayout, type StorefrontLayout } from '@/shared/storefront/layout';

export type StorefrontRow = typeof storefronts.$inferSelect;
export type StorefrontSettings = Omit<StorefrontRow, 'shopId' | 'updatedAt'>;

/** A shop that never opened its site: closed, with the default design and no page written yet. */
export function defaultStorefront(shopName: string): StorefrontSettings {
  return {
    isPublished: false,
    layout: defaultLayout(shopName),
    draft: null,
    draftUpdatedAt: null,
    allowsMobileMoney: true,
    allowsCashOnDelivery: true,
    cashOnDeliveryMax: null,
    allowsPickup: true,
    showsStockCounts: false,
    customDomain: null,
  };
}

export async function getStorefront(
  db: Executor,
  shop: { id: string; name: string },
): Promise<StorefrontSettings & { updatedAt: Date | null }> {
  const [row] = await db.select().from(storefronts).where(eq(storefronts.shopId, shop.id));
  if (!row) return { ...defaultStorefront(shop.name), updatedAt: null };
  const { shopId: _shopId, ...settings } = row;
  return upgraded(settings, shop.name);
}

/** Layouts stored in an older shape come out in today's. */
function upgraded<T extends { layout: StorefrontLayout; draft: StorefrontLayout | null }>(
  settings: T,
  shopName: string,
): T {
  return {
    ...settings,
    layout: upgradeLayout(settings.layout, shopName),
    draft: settings.draft && upgradeLayout(settings.draft, shopName),
  };
}

export async function saveStorefront(
  db: Executor,
  shop: { id: string; name: string },
  changes: Partial<StorefrontSettings>,
): Promise<StorefrontSettings & { updatedAt: Date | null }> {
  const { updatedAt: _updatedAt, ...current } = await getStorefront(db, shop);
  const next = { ...current, ...changes };
  const [row] = await db
    .insert(storefronts)
    .values({ shopId: shop.id, ...next, updatedAt: new Date() })
    .onConflictDoUpdate({ target: storefronts.shopId, set: { ...next, updatedAt: new Date() } })
    .returning();
  const { shopId: _shopId, ...settings } = row!;
  return upgraded(settings, shop.name);
}

/** The shop whose own domain this is, if any shop set it. */
export async function findShopIdByDomain(db: Executor, domain: string): Promise<string | null> {
  const [row] = await db
    .select({ shopId: storefronts.shopId })
    .from(storefronts)
    .where(eq(storefronts.customDomain, domain));
  return row?.shopId ?? null;
}
