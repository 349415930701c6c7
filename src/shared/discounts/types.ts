/*
 * The discount engine's data, as plain objects: what the server stores, what the till syncs and
 * what the order editor holds. Amounts are integers in the currency's minor unit (src/shared/bounds).
 */

export type SalesChannel = 'pos' | 'manual' | 'storefront' | 'whatsapp';
/** Shopify's three classes: what a discount lowers, and what `combinesWith` names. */
export type DiscountClass = 'order' | 'product' | 'delivery';
export type DiscountState = 'draft' | 'scheduled' | 'active' | 'expired' | 'disabled';

/** A set of cart lines: a line is in it when its product, variant or one of its categories is. */
export interface ProductSelection {
  /** Every line of the cart. */
  all?: boolean;
  productIds?: readonly string[];
  variantIds?: readonly string[];
  categoryIds?: readonly string[];
}

/** A percentage (0–100, two decimals at most) or an amount in minor units. */
export type Reduction = { type: 'percentage'; percentage: number } | { type: 'amount'; amount: number };

export type DiscountValue =
  | { target: 'order'; reduction: Reduction }
  | {
      target: 'products';
      products: ProductSelection;
      reduction: Reduction;
      /** An amount off every unit (default), or once, shared by the selected lines. */
      amountPer?: 'unit' | 'order';
    }
  | { target: 'delivery' }
  | {
      target: 'buy-x-get-y';
      buy: { quantity: number; products: ProductSelection };
      /** `percentage` off each unit given: 100 is « offert ». */
      get: { quantity: number; products: ProductSelection; percentage: number };
      /** Once per order, or as many times as the cart allows (« 3 pour le prix de 2 »). */
      repeats: boolean;
    };

export type CustomerEligibility =
  | { type: 'all' }
  | { type: 'ids'; ids: readonly string[] }
  | { type: 'tags'; tags: readonly string[] }
  | { type: 'first-order' };

export interface DiscountConditions {
  /** On the subtotal before any discount. */
  minSubtotal?: number | null;
  /** On the number of units in the cart. */
  minQuantity?: number | null;
  customers?: CustomerEligibility | null;
  /** Absent or empty: every channel. */
  channels?: readonly SalesChannel[] | null;
  /** ISO days, 1 = lundi … 7 = dimanche, in the shop's time zone. Absent or empty: every day. */
  weekdays?: readonly number[] | null;
  /** « HH:mm » in the shop's time zone, `to` excluded; `to` before `from` runs past midnight. */
  hours?: { from: string; to: string } | null;
}

export interface DiscountLimits {
  totalUses?: number | null;
  /** Clients are told apart by their normalised phone. */
  usesPerClient?: number | null;
  /** For generated single-use codes: each code on its own. */
  usesPerCode?: number | null;
  maxAmountPerOrder?: number | null;
}

export interface Discount {
  id: string;
  name: string;
  kind: 'code' | 'automatic';
  /** Case-insensitive; several for generated unique codes. */
  codes?: readonly string[];
  state: DiscountState;
  value: DiscountValue;
  /** ISO instants; `endsAt` excluded. */
  startsAt?: string | null;
  endsAt?: string | null;
  conditions?: DiscountConditions | null;
  limits?: DiscountLimits | null;
  /** The classes it may be stacked with; both discounts of a pair must allow the other's class. */
  combinesWith?: Partial<Record<DiscountClass, boolean>> | null;
}

export interface DiscountUsage {
  total: number;
  /** By normalised phone. */
  byPhone?: Readonly<Record<string, number>>;
  /** By code as the discount spells it (generated single-use codes). */
  byCode?: Readonly<Record<string, number>>;
}

export interface CartLine {
  /** Unique in the cart: results name lines by it. */
  id: string;
  variantId: string;
  productId: string;
  /** The product's category and its ancestors. */
  categoryIds?: readonly string[];
  quantity: number;
  unitPrice: number;
}

export interface DiscountClient {
  id?: string | null;
  /** Normalised (E.164), as the customer module stores it. */
  phone?: string | null;
  tags?: readonly string[];
  isFirstOrder?: boolean;
  /** Uses so far per discount id, when the caller knows them from the client's side. */
  usesByDiscount?: Readonly<Record<string, number>>;
}

export interface PricingInput {
  lines: readonly CartLine[];
  client?: DiscountClient | null;
  channel: SalesChannel;
  /** The instant priced: an input, never the clock, so the till and the server agree. */
  at: Date | number | string;
  /** The shop's IANA zone, for days and hours. */
  timeZone: string;
  codes?: readonly string[];
  deliveryFee?: number | null;
  currency: string;
  /** The most all discounts on goods may take, as a percentage of the subtotal (default 100). */
  stackCapPercent?: number | null;
  /** Per discount id. */
  usage?: Readonly<Record<string, DiscountUsage>>;
}

export interface DiscountRef {
  id: string;
  name: string;
  /** The code typed, as the discount spells it; null for an automatic discount. */
  code: string | null;
}

export interface LineAdjustment {
  discount: DiscountRef;
  type: 'product' | 'order';
  amount: number;
  /** French, for « Pourquoi ce prix ? ». */
  why: string;
}

export interface PricedLine {
  lineId: string;
  subtotal: number;
  discount: number;
  total: number;
  adjustments: LineAdjustment[];
}

export interface Adjustment {
  type: 'product' | 'order' | 'delivery' | 'rounding';
  /** Null for the rounding. */
  discount: DiscountRef | null;
  amount: number;
  why: string;
  /** Where it lands: an order discount is spread over the lines too, so refunds prorate by line. */
  lines: Array<{ lineId: string; amount: number }>;
}

export interface RefusedCode {
  /** As the discount spells it; an unknown code trimmed and in upper case. */
  code: string;
  reason: string;
}

export interface PricingTotals {
  subtotal: number;
  productDiscount: number;
  orderDiscount: number;
  /** productDiscount + orderDiscount: the sum of every line's discount. */
  discount: number;
  delivery: number;
  deliveryDiscount: number;
  /** Taken off so the amount due is payable (a multiple of 5 in XOF/XAF). */
  rounding: number;
  /** subtotal − discount + delivery − deliveryDiscount − rounding. */
  total: number;
}

export interface PricingResult {
  /** Sorted by line id. */
  lines: PricedLine[];
  /** Product, then order (each by discount id), then delivery, then rounding. */
  adjustments: Adjustment[];
  /** As the discounts spell them, sorted. */
  appliedCodes: string[];
  refusedCodes: RefusedCode[];
  totals: PricingTotals;
}
