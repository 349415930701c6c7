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
}

export const EMPTY_CART: Cart = { lines: [], discount: null, note: '', client: null };

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
    case 'clientSet':
      return { ...cart, client: action.client };
    case 'cartReplaced':
      return action.cart;
    case 'cartCleared':
      return EMPTY_CART;
  }
}
