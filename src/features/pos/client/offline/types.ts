import type { LoyaltyRules } from '@/features/loyalty/loyalty.constants';
import type { CashSession, PosOp, PosPaymentMethod, PosProduct, Till } from '../../pos.schemas';

/** What the till keeps of who is signed in, so it works when next-auth cannot reach the server. */
export interface TillIdentity {
  userId: string;
  phone: string;
  name: string | null;
  accessToken: string;
  /** Seconds since the epoch. */
  accessTokenExpiresAt: number | null;
  savedAt: string;
}

/** The shop, agent and role of a user, as last seen online. */
export interface TillContext {
  userId: string;
  shop: {
    id: string;
    name: string;
    logoUrl: string | null;
    currency: string;
    timeZone: string;
    country: string;
    address: string;
    phone: string | null;
    receiptFooter: string;
    /** The shop's legal identifiers for the receipt's foot (absent from contexts kept before them). */
    taxId?: string;
    tradeRegister?: string;
    isBlocked: boolean;
  };
  /**
   * The shop's loyalty programme as last read online (null: switched off; absent from contexts
   * kept before it): the till lets points pay offline from it.
   */
  loyalty?: LoyaltyRules | null;
  agent: { id: string; firstName: string | null; lastName: string | null; role: string } | null;
  userName: string;
  savedAt: string;
}

export interface StoredProduct extends PosProduct {
  /** `${shopId}:${id}` */
  key: string;
  shopId: string;
}

export interface StoredClient {
  /** `${shopId}:${id or opId}` */
  key: string;
  shopId: string;
  /** The server's id; null until the `client` op that made it here is applied. */
  id: string | null;
  opId: string | null;
  name: string;
  phone: string | null;
  /** What they owe, their credit limit and their « avoir », as of the copy; absent is none. */
  balance?: number;
  creditLimit?: number;
  storeCredit?: number;
  /** Loyalty points held, as of the copy; absent is none. */
  loyaltyPoints?: number;
  /** When the account above was read from the server (ISO). */
  copiedAt?: string;
}

export type OutboxStatus = 'pending' | 'rejected';

/** A stock change the op makes on the tablet: − for a sale, + for a refund that restocks. */
export interface StockDelta {
  productId: string;
  variantId: string;
  delta: number;
}

/** An op waiting for the server, or refused by it for good (kept in view, never sent again). */
export interface OutboxEntry {
  seq?: number;
  shopId: string;
  tillId: string;
  userId: string;
  op: PosOp;
  status: OutboxStatus;
  /** What the user reads in the « non synchronisés / refusés » list. */
  summary: string;
  error: string | null;
  createdAt: string;
  attempts: number;
  /** Taken from (or given back to) the tablet's stock when the op was made. */
  stock: StockDelta[];
}

export interface ReceiptLine {
  /** Absent on receipts rebuilt from a server order. */
  productId?: string;
  variantId: string;
  productName: string;
  variantName: string;
  sku: string | null;
  quantity: number;
  unitPrice: number;
  lineDiscount: number;
  /** What the shop's discounts (promotions) took off the line; absent before discounts. */
  promotion?: number;
  /** unitPrice × quantity − promotion − lineDiscount */
  total: number;
  /** Set for sales known to the server (refunds by line). */
  lineId?: string;
}

export interface ReceiptPromotion {
  name: string;
  code: string | null;
  amount: number;
  why: string;
}

export interface ReceiptPayment {
  method: PosPaymentMethod;
  amount: number;
  reference?: string;
  tendered?: number;
}

export interface LocalRefund {
  opId: string;
  at: string;
  amount: number;
  method: PosPaymentMethod;
  lines: Array<{ variantId: string; quantity: number }>;
}

/** A sale made on this tablet: the receipt before and after the server numbered it. */
export interface LocalSale {
  opId: string;
  shopId: string;
  tillId: string;
  tillName: string;
  sessionId: string;
  userId: string;
  ticketNumber: number;
  /**
   * « KQFT-2 »: the tablet's series for this till and the ticket number, printed before the
   * server numbers the sale and kept on its order. Absent on sales made before it existed.
   */
  localReference?: string;
  at: string;
  cashierName: string;
  client: { id: string | null; opId: string | null; name: string; phone: string | null } | null;
  lines: ReceiptLine[];
  grossTotal: number;
  /**
   * The shop's discounts the sale got (engine's promotions), by name, as the receipt prints them;
   * absent on sales made before discounts.
   */
  promotions?: ReceiptPromotion[];
  /** The codes typed and applied. */
  codes?: string[];
  lineDiscountTotal: number;
  cartDiscount: number;
  /** « Arrondi »: taken off so the amount due is payable. */
  rounding?: number;
  total: number;
  payments: ReceiptPayment[];
  change: number;
  isCredit: boolean;
  /** Left unpaid on a credit sale. */
  due: number;
  note: string;
  status: 'pending' | 'applied' | 'rejected';
  orderId: string | null;
  orderNumber: number | null;
  hasStockConflict: boolean;
  error: string | null;
  refunds: LocalRefund[];
  /**
   * The client's loyalty points on this sale, as the till reckoned them: spent, earned (paid in
   * full only) and the balance after. The server settles them at sync; absent without a programme.
   */
  loyalty?: SaleLoyalty;
}

export interface SaleLoyalty {
  spent: number;
  earned: number;
  balance: number;
}

/** The session this tablet sells in, with the running figures it knows of. */
export interface LocalSession {
  id: string;
  shopId: string;
  tillId: string;
  tillName: string;
  openedAt: string;
  openedByName: string;
  openingFloat: number;
  status: 'open' | 'closed';
  /**
   * Cash this tablet recorded in the session: its own sales, refunds and movements only (another
   * tablet selling in the same session is in the server's figure, `useSessionCash`).
   */
  cashSales: number;
  cashRefunds: number;
  cashIn: number;
  cashOut: number;
  salesCount: number;
  closedAt: string | null;
  countedCash: number | null;
}

export interface ParkedCart {
  id: string;
  shopId: string;
  tillId: string;
  label: string;
  parkedAt: string;
  cart: import('../cart/cart-state').Cart;
}

export interface Approver {
  agentId: string;
  name: string;
  salt: string;
  hash: string;
  iterations: number;
}

export type { CashSession, Till };
