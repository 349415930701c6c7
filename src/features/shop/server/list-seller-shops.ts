import type { Executor } from '@/server/db';
import type { UserRow } from '@/features/user/server/user.repository';
import { findMembershipsOfUser } from '@/server/tenancy/membership';
import { findShopsBySeller, type ShopRow } from './shop.repository';
import { toShopDto } from './shop.dto';

/**
 * The shops a seller owns, as far as the caller may see them: all of them for the seller or a
 * platform operator, only those the caller works in for anyone else (never another tenant's).
 */
export async function listSellerShops(db: Executor, caller: UserRow, sellerId: string) {
  const rows =
    caller.id === sellerId || caller.isPlatformOperator
      ? await findShopsBySeller(db, sellerId)
      : await findShopsOfSellerVisibleTo(db, sellerId, caller.id);
  return Promise.all(rows.map((shop) => toShopDto(db, shop)));
}

/** Shops owned by `sellerId` that `memberUserId` works in (an active agent of), oldest first. */
async function findShopsOfSellerVisibleTo(
  db: Executor,
  sellerId: string,
  memberUserId: string,
): Promise<ShopRow[]> {
  const memberships = await findMembershipsOfUser(db, memberUserId);
  return memberships
    .map((m) => m.shop)
    .filter((shop) => shop.sellerId === sellerId)
    .sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
}
