import { maxLineQuantity } from '@/shared/bounds';

/** The cart being rung up: plain data, so it can be kept in IndexedDB and parked as is. */

export interface CartLine {
  variantId: string;
  productId: string;
  productName: string;
  /** « Rouge / M », empty for a product without options. */
  variantName: string;
  sku: string | null;
  imageUrl: string | null;
  /** The price the till showed when the line was added: it is the price sold. */
  unitPrice: number;
  /**
   * The catalogue's price when the line was added, which the PIN rule counts a lower unit price
   * against. Absent from carts kept before it existed: their unit price stands in.
   */
  catalogPrice?: number;
  quantity: number;
  /** Off the whole line, in minor units. */
  lineDiscount: number;
}

export interface CartClient {
  /** The server's id, or null while the client made at the till is not synced. */
  id: string | null;
  opId: string | null;
  name: string;
  phone: string | null;
}

export type CartDiscount = { kind: 'percent' | 'amount'; value: number } | null;

export interface Cart {
  lines: CartLine[];
  discount: CartDiscount;
  note: string;
  client: CartClient | null;
  /**
   * The catalogue cursor the oldest line was priced at (the sale op carries it, see
   * `catalogueCursor` in pos.schemas.ts). Absent when a line's cursor was unknown: the server then
   * judges the prices on the current catalogue.
   */
  catalogueCursor?: string;
  /**
   * Discount codes typed at the till (« Code promo »), upper case, at most MAX_CART_CODES: the
   * engine applies or refuses them on every change of the cart. Absent from carts kept before.
   */
  codes?: string[];
}

export const EMPTY_CART: Cart = { lines: [], discount: null, note: '', client: null };

/** The sale op carries at most this many codes (contract: `promotions.codes`, ≤ 5). */
export const MAX_CART_CODES = 5;
/** A code is 3 to 32 letters, digits, « - » or « _ » (discount.schemas.ts' ZDiscountCode). */
export const CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

/** As the server compares codes: trimmed, upper case. */
export function normaliseTypedCode(code: string): string {
  return code.trim().toUpperCase();
}

export type CartAction =
  | {
      type: 'lineAdded';
      line: Omit<CartLine, 'quantity' | 'lineDiscount'>;
      quantity?: number;
      /** The cursor of the catalogue copy the line's price comes from. */
      catalogueCursor?: string;
    }
  | { type: 'quantitySet'; variantId: string; quantity: number }
  | { type: 'lineRemoved'; variantId: string }
  | { type: 'lineDiscountSet'; variantId: string; amount: number }
  | { type: 'discountSet'; discount: CartDiscount }
  | { type: 'noteSet'; note: string }
  | { type: 'codeAdded'; code: string }
  | { type: 'codeRemoved'; code: string }
  | { type: 'clientSet'; client: CartClient | null }
  | { type: 'cartReplaced'; cart: Cart }
  | { type: 'cartCleared' };

/**
 * At least one, and no more than the server takes on a line: MAX_QUANTITY, and fewer when the
 * price would carry the line past MAX_AMOUNT (the cart never holds a figure the server refuses).
 */
function clampQuantity(quantity: number, unitPrice: number): number {
  return Math.min(maxLineQuantity(unitPrice), Math.max(1, Math.round(quantity)));
}

const cursorMicros = (cursor: string) => BigInt(cursor.split('~')[0]!);

/**
 * The older of two catalogue cursors, unknown if either is: a price taken from an older copy is
 * judged against every price since that copy, so the cart answers for its oldest line.
 */
export function olderCursor(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined || b === undefined) return undefined;
  return cursorMicros(b) < cursorMicros(a) ? b : a;
}

/** The same variant scanned again adds to its line; the newest line goes on top. */
export function cartReducer(cart: Cart, action: CartAction): Cart {
  switch (action.type) {
    case 'lineAdded': {
      const quantity = action.quantity ?? 1;
      const existing = cart.lines.find((l) => l.variantId === action.line.variantId);
      if (existing) {
        const updated = {
          ...existing,
          quantity: clampQuantity(existing.quantity + quantity, existing.unitPrice),
        };
        return { ...cart, lines: [updated, ...cart.lines.filter((l) => l !== existing)] };
      }
      const line: CartLine = {
        ...action.line,
        quantity: clampQuantity(quantity, action.line.unitPrice),
        lineDiscount: 0,
      };
      const catalogueCursor = cart.lines.length
        ? olderCursor(cart.catalogueCursor, action.catalogueCursor)
        : action.catalogueCursor;
      return { ...cart, catalogueCursor, lines: [line, ...cart.lines] };
    }
    case 'quantitySet':
      return {
        ...cart,
        lines: cart.lines.map((l) =>
          l.variantId === action.variantId
            ? {
                ...l,
                quantity: clampQuantity(action.quantity, l.unitPrice),
                lineDiscount: Math.min(
                  l.lineDiscount,
                  l.unitPrice * clampQuantity(action.quantity, l.unitPrice),
                ),
              }
            : l,
        ),
      };
    case 'lineRemoved':
      return { ...cart, lines: cart.lines.filter((l) => l.variantId !== action.variantId) };
    case 'lineDiscountSet':
      return {
        ...cart,
        lines: cart.lines.map((l) =>
          l.variantId === action.variantId
            ? {
                ...l,
                lineDiscount: Math.min(Math.max(0, Math.round(action.amount)), l.unitPrice * l.quantity),
              }
            : l,
        ),
      };
    case 'discountSet':
      return { ...cart, discount: action.discount && action.discount.value > 0 ? action.discount : null };
    case 'noteSet':
      return { ...cart, note: action.note };
    case 'codeAdded': {
      const code = normaliseTypedCode(action.code);
      const codes = cart.codes ?? [];
      if (!code || codes.includes(code) || codes.length >= MAX_CART_CODES) return cart;
      return { ...cart, codes: [...codes, code] };
    }
    case 'codeRemoved':
      return { ...cart, codes: (cart.codes ?? []).filter((c) => c !== normaliseTypedCode(action.code)) };
    case 'clientSet':
      return { ...cart, client: action.client };
    case 'cartReplaced':
      return action.cart;
    case 'cartCleared':
      return EMPTY_CART;
  }
}
