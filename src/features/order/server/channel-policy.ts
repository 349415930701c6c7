import type { Executor } from '@/server/db';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import type { CustomerRow } from '@/features/customer/server/customers';
import type { TAddress } from '@/features/customer/customer.schemas';
import type { FulfilmentStatus, OrderChannel, PaymentMethod } from '../order.schemas';
import type { PricedLine } from './order-lines';
import { manualOrderDiscounts, tillOrderDiscounts, type TillPromotion } from './order-discounts';
import { siteDeliveryFee, zoneDeliveryFee } from './delivery-fee';

/** What the hooks see of an order being placed: priced, not yet numbered nor written. */
export interface OrderDraft {
  shop: ShopRow;
  channel: OrderChannel;
  client: CustomerRow | null;
  lines: PricedLine[];
  orderDiscount: number;
  deliveryAddress: TAddress | null;
}

/**
 * What one of the shop's discounts took off an order (or the rounding that follows them), as the
 * order keeps it: product ones lower their lines, order ones and the rounding the order (spread on
 * the lines for refunds), a delivery one the fee.
 */
export interface OrderAdjustment {
  type: 'product' | 'order' | 'delivery' | 'rounding';
  /** Null for the rounding. */
  discountId: string | null;
  name: string;
  code: string | null;
  /** In the currency's minor unit, positive. */
  amount: number;
  /** French, for « Pourquoi ce prix ? ». */
  why: string;
  /** Where it lands, by the line's index in the draft. */
  lines: Array<{ index: number; amount: number }>;
}

export interface PricedAdjustments {
  adjustments: OrderAdjustment[];
  /**
   * How a use past a discount's limit is met when the order counts its uses: `enforce` refuses
   * the order (it has not happened: the agent is told), `flag` keeps it and flags the use (a till's
   * sale made offline happened already).
   */
  usesMode: 'enforce' | 'flag';
  /** A till's op: its uses are counted once, however often it is sent. */
  sourceOpId: string | null;
}

/**
 * Called for every channel's order once its lines are priced and its delivery fee known, inside its
 * transaction: what the shop's discounts take off (Réductions), on top of the discounts the draft
 * carries (the agent's or cashier's own), and the rounding of a discounted total.
 */
export type AdjustmentsHook = (
  tx: Executor,
  draft: OrderDraft,
  deliveryFee: number,
) => Promise<PricedAdjustments>;

/** The fee an order is charged, and where it comes from (kept on its timeline). */
export interface DeliveryFeeDecision {
  fee: number;
  /** The delivery zone of the address, and the fee it asks. */
  zone: { name: string; fee: number } | null;
  /** Why the agent charged another fee than the zone's, or delivers under its minimum. */
  reason: string | null;
}

/**
 * Called for every channel's order before the adjustments (free delivery needs the fee): the
 * delivery fee for its address (Livraison). `requested` is the fee the caller gave, if any.
 */
export type DeliveryFeeHook = (
  tx: Executor,
  draft: OrderDraft,
  requested: number | undefined,
  reason: string | undefined,
) => Promise<DeliveryFeeDecision>;

export interface OrderPaymentInput {
  method: PaymentMethod;
  amount: number;
  reference?: string;
}

/**
 * How one way of selling places its orders: the one pipeline (create-order.ts) asks its channel's
 * policy instead of branching on where the order came from. A new channel (the storefront, WhatsApp,
 * a rider's delivery) adds a policy here, not a branch there.
 */
export interface ChannelPolicy {
  /** Prices the order keeps instead of the catalogue's (a till sells at the prices it showed). */
  keptPrices?: ReadonlyMap<string, { unitPrice: number }>;
  /** The sale happened already (perhaps offline): stock is taken even below zero, the gap reported. */
  allowsStockBelowZero: boolean;
  /** The plan's monthly order quota refuses the order (else it is counted only). */
  enforcesOrderQuota: boolean;
  /**
   * The client's credit limit refuses an order that would take their « ardoise » past it (a manual
   * order; a till asks for a manager's PIN before the sale, and history is what it was).
   */
  enforcesCreditLimit: boolean;
  /** Where the order starts on the fulfilment path. */
  initialFulfilment: FulfilmentStatus;
  /** When it happened, if not now (a till's sale made offline keeps the till's time). */
  placedAt?: Date;
  /**
   * The month the order counts in for the plan's quota, if not this one: only for orders written
   * in the order they were placed (the demo's history), since the counter keeps one month.
   */
  countedAt?: Date;
  /** Paid in full with the order by this method, whatever its total comes to (the demo's history). */
  paidInFullBy?: PaymentMethod;
  /** Paid with the client's loyalty points up to this amount, at most the total (an online buyer's). */
  pointsUpTo?: number;
  /** What a receipt printed before the order had its number (a till's « Ticket local n° KQFT-2 »). */
  localReference?: string | null;
  /** The payments taken with the order, and the field a refusal of their sum names. */
  payments: OrderPaymentInput[];
  paymentsField: string;
  /**
   * The caller runs the order inside its own transaction and keeps its own log of what it made (a
   * till's op): no transaction of the order's own, no idempotency key, and the shop is told through
   * the shared pool once the caller has committed.
   */
  runsInCallerTransaction: boolean;
  /** The shop is told of the order (« Nouvelle commande #… »): not of its history. */
  isAnnounced: boolean;
  adjustments: AdjustmentsHook;
  deliveryFee: DeliveryFeeHook;
}

/** The fee given, whatever the address (a till's sale, the demo's history, an order's edit). */
export const feeAsRequested: DeliveryFeeHook = async (_tx, _draft, requested) => ({
  fee: requested ?? 0,
  zone: null,
  reason: null,
});

/** An order an agent enters in the back-office (taken by phone, WhatsApp, social networks or by hand). */
export function manualOrderPolicy(
  payment: OrderPaymentInput | undefined,
  discountCodes: readonly string[],
): ChannelPolicy {
  return {
    allowsStockBelowZero: false,
    enforcesOrderQuota: true,
    enforcesCreditLimit: true,
    initialFulfilment: 'new',
    payments: payment ? [payment] : [],
    paymentsField: 'payment.amount',
    runsInCallerTransaction: false,
    isAnnounced: true,
    adjustments: manualOrderDiscounts(discountCodes),
    deliveryFee: zoneDeliveryFee,
  };
}

/**
 * An order its buyer placed in the online shop: priced on the server from the catalogue, the
 * zone's fee and the shop's discounts (the cart the browser kept is never trusted), refused when
 * the stock or the plan's quota cannot take it, and paid later (mobile money, or cash on delivery),
 * except what the buyer pays with their loyalty points (their phone proven by a code).
 * The buyer is no agent: nobody is its author, so every agent is told of it.
 */
export function siteOrderPolicy(discountCodes: readonly string[], pointsUpTo?: number): ChannelPolicy {
  return {
    pointsUpTo,
    allowsStockBelowZero: false,
    enforcesOrderQuota: true,
    // Cash on delivery is no credit: an « ardoise » limit is for what agents let clients owe.
    enforcesCreditLimit: false,
    initialFulfilment: 'new',
    payments: [],
    paymentsField: 'payment',
    runsInCallerTransaction: false,
    isAnnounced: true,
    // Every total payable by mobile money (a multiple of 5 FCFA), discounted or not.
    adjustments: manualOrderDiscounts(discountCodes, undefined, true),
    deliveryFee: siteDeliveryFee,
  };
}

/**
 * An order of the past, written as history (the demo shop's months of orders): placed at its
 * date, priced with the discounts of that instant, already at its status and paid in full when
 * delivered. Written in the caller's transaction, and announced to nobody.
 */
export function pastOrderPolicy(past: {
  placedAt: Date;
  fulfilment: FulfilmentStatus;
  paidBy: PaymentMethod | null;
  discountCodes: readonly string[];
}): ChannelPolicy {
  return {
    allowsStockBelowZero: false,
    enforcesOrderQuota: false,
    enforcesCreditLimit: false,
    initialFulfilment: past.fulfilment,
    placedAt: past.placedAt,
    countedAt: past.placedAt,
    paidInFullBy: past.paidBy ?? undefined,
    payments: [],
    paymentsField: 'payment.amount',
    runsInCallerTransaction: true,
    isAnnounced: false,
    adjustments: manualOrderDiscounts(past.discountCodes, past.placedAt),
    deliveryFee: feeAsRequested,
  };
}

/** What only a till's sale has (src/features/pos): it happened already, so little can refuse it. */
export interface TillSale {
  /** The prices the till showed: a sale already made is sold at them (kept, as an edit keeps its prices). */
  keptPrices: ReadonlyMap<string, { unitPrice: number }>;
  /** Split across methods; what they leave unpaid stays due (a sale on credit). */
  payments: OrderPaymentInput[];
  soldAt: Date;
  /** The local ticket its receipt printed (« KQFT-2 »), if the till sent one. */
  localReference: string | null;
  /** The discounts its engine applied offline, and the op that carries the sale. */
  promotions: readonly TillPromotion[];
  opId: string;
}

/**
 * A till's sale: delivered over the counter, at the till's prices, never refused for stock or
 * quota (the goods have left the shop already), inside the transaction that logs its op.
 */
export function tillSalePolicy(sale: TillSale): ChannelPolicy {
  return {
    keptPrices: sale.keptPrices,
    allowsStockBelowZero: true,
    enforcesOrderQuota: false,
    enforcesCreditLimit: false,
    initialFulfilment: 'delivered',
    placedAt: sale.soldAt,
    localReference: sale.localReference,
    payments: sale.payments,
    paymentsField: 'payments',
    runsInCallerTransaction: true,
    isAnnounced: true,
    adjustments: tillOrderDiscounts(sale.promotions, sale.opId),
    deliveryFee: feeAsRequested,
  };
}
