import type { Executor } from '@/server/db';
import { updateShop, type ShopRow } from './shop.repository';

/**
 * « Personnaliser la boutique » is done once the shop shows something of its own where customers
 * see it: a logo, the address printed on invoices, or the shop's phone (receipts, payment links).
 * Name, currency and country are asked at sign-up, so they say nothing about it.
 */
export function isShopCustomised(shop: Pick<ShopRow, 'logoUrl' | 'address' | 'phone'>): boolean {
  return !!shop.logoUrl || shop.address.trim() !== '' || !!shop.phone;
}

export function isChecklistDismissed(shop: Pick<ShopRow, 'checklistDismissedAt'>): boolean {
  return shop.checklistDismissedAt !== null;
}

/** The admin closed « Pour bien démarrer »: kept for the shop, for every admin, on every device. */
export async function dismissChecklist(db: Executor, shop: ShopRow): Promise<void> {
  if (!isChecklistDismissed(shop)) await updateShop(db, shop.id, { checklistDismissedAt: new Date() });
}
