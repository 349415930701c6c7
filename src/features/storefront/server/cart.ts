import type { IncomingMessage } from 'node:http';
import type { Executor } from '@/server/db';
import { findPublicVariants, type PublicCartVariant } from '@/features/product/server/public-catalogue';
import type { StorefrontContext } from './context';
/** The most of one article a cart holds (a bigger order is a call to the shop). */
export const MAX_QUANTITY = 99;

/*
 * The buyer's cart lives in their browser, in a cookie scoped to the shop's pages: it survives
 * reloads and restarts, needs no account and no script, and the server reads it with each page.
 * `variantId.quantity` pairs joined by `_` (ids are lower-case letters and digits).
 */

export const CART_COOKIE = 'panier';
export const MAX_CART_LINES = 50;
const CART_DAYS = 30;

export interface CartItem {
  variantId: string;
  quantity: number;
}

export function readCart(req: IncomingMessage): CartItem[] {
  const header = req.headers.cookie ?? '';
  const value = header
    .split(/;\s*/)
    .find((c) => c.startsWith(`${CART_COOKIE}=`))
    ?.slice(CART_COOKIE.length + 1);
  if (!value) return [];
  const items = new Map<string, number>();
  for (const pair of value.split('_')) {
    const [variantId, quantity] = pair.split('.');
    const n = Number(quantity);
    if (!variantId || !/^[0-9a-z]{1,40}$/.test(variantId) || !Number.isInteger(n) || n < 1) continue;
    items.set(variantId, Math.min(MAX_QUANTITY, (items.get(variantId) ?? 0) + n));
  }
  return [...items].slice(0, MAX_CART_LINES).map(([variantId, quantity]) => ({ variantId, quantity }));
}

/** The Set-Cookie value for this cart (an empty cart clears it). */
export function cartCookie(ctx: Pick<StorefrontContext, 'base'>, items: CartItem[]): string {
  const value = items.map((i) => `${i.variantId}.${i.quantity}`).join('_');
  // Readable by the page's script (the header's count): it holds nothing secret.
  const attributes = `Path=${ctx.base || '/'}; SameSite=Lax; Max-Age=${value ? CART_DAYS * 86_400 : 0}`;
  return `${CART_COOKIE}=${value}; ${attributes}`;
}

/** Adds to (or, with `replace`, sets) a line's quantity; 0 removes it. */
export function changeCart(
  items: CartItem[],
  variantId: string,
  quantity: number,
  replace: boolean,
): CartItem[] {
  const current = items.find((i) => i.variantId === variantId);
  const next = Math.min(MAX_QUANTITY, replace ? quantity : (current?.quantity ?? 0) + quantity);
  const rest = items.filter((i) => i.variantId !== variantId);
  if (next <= 0) return rest;
  return current
    ? items.map((i) => (i.variantId === variantId ? { variantId, quantity: next } : i))
    : [...rest, { variantId, quantity: next }];
}

export interface CartLine {
  item: CartItem;
  variant: PublicCartVariant;
  /** Why this line cannot be ordered as it is (sold out, fewer left), in the buyer's words. */
  problem: string | null;
}

/**
 * The cart as the shop's catalogue stands now: lines of products no longer sold are dropped
 * (`removed` counts them), prices are today's, and lines past the stock say so.
 */
export async function loadCart(
  db: Executor,
  shopId: string,
  items: CartItem[],
): Promise<{ lines: CartLine[]; removed: number; subtotal: number }> {
  const variants = await findPublicVariants(
    db,
    shopId,
    items.map((i) => i.variantId),
  );
  const lines: CartLine[] = [];
  for (const item of items) {
    const variant = variants.get(item.variantId);
    if (!variant) continue;
    const problem =
      variant.stock === null || variant.stock >= item.quantity
        ? null
        : variant.stock === 0
          ? 'Épuisé : retirez-le pour commander.'
          : `Plus que ${variant.stock} disponible${variant.stock > 1 ? 's' : ''} : réduisez la quantité.`;
    lines.push({ item, variant, problem });
  }
  return {
    lines,
    removed: items.length - lines.length,
    subtotal: lines.reduce((sum, l) => sum + l.variant.price * l.item.quantity, 0),
  };
}

export function lineName(variant: PublicCartVariant): string {
  return variant.optionValues.length
    ? `${variant.productName} (${variant.optionValues.join(' / ')})`
    : variant.productName;
}
