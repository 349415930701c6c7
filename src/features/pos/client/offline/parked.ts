import type { Cart } from '../cart/cart-state';
import { cartTotals } from '../cart/cart-math';
import { openPosDb } from './db';
import { newOpId } from './till-ops';
import type { ParkedCart } from './types';

export async function listParked(shopId: string, tillId: string): Promise<ParkedCart[]> {
  const db = await openPosDb();
  const carts = await db.getAllFromIndex('parked', 'shopTill', [shopId, tillId]);
  // ISO times: their text's order is time's, without localeCompare's collator to build.
  return carts.sort((a, b) => (a.parkedAt < b.parkedAt ? -1 : a.parkedAt > b.parkedAt ? 1 : 0));
}

/** « Mettre en attente »: the cart is kept on the tablet, under the client's name if any. */
export async function parkCart(shopId: string, tillId: string, cart: Cart): Promise<ParkedCart> {
  const items = cartTotals(cart).itemCount;
  const parked: ParkedCart = {
    id: newOpId(),
    shopId,
    tillId,
    label: cart.client?.name ?? `Panier de ${items} article${items > 1 ? 's' : ''}`,
    parkedAt: new Date().toISOString(),
    cart,
  };
  const db = await openPosDb();
  await db.put('parked', parked);
  return parked;
}

export async function removeParked(id: string): Promise<void> {
  const db = await openPosDb();
  await db.delete('parked', id);
}
