import type { Executor } from '@/server/db';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import type { CustomerRow } from '@/features/customer/server/customers';
import type { TAddress } from '@/features/customer/customer.schemas';
import type { FulfilmentStatus, OrderChannel, PaymentMethod } from '../order.schemas';
import type { PricedLine } from './order-lines';

/** What the hooks see of an order being placed: priced, not yet numbered nor written. */
export interface OrderDraft {
  shop: ShopRow;
  channel: OrderChannel;
  client: CustomerRow | null;
  lines: PricedLine[];
  orderDiscount: number;
  deliveryAddress: TAddress | null;
}

/** A reduction the shop's rules give an order: off one line, or off the whole order. */
export interface OrderAdjustment {
  /** The line it lowers (its index in the draft); absent, it lowers the order. */
  lineIndex?: number;
  /** In the currency's minor unit, positive. */
  amount: number;
  /** What the timeline says it was (« Code BIENVENUE : −10 % »). */
  label: string;
}

/**
 * Called for every channel's order once its lines are priced, inside its transaction: the discounts
 * the shop's rules give it (Réductions fills this). What it returns adds to the draft's own discounts.
 */
export type AdjustmentsHook = (tx: Executor, draft: OrderDraft) => Promise<OrderAdjustment[]>;

/**
 * Called for every channel's order after the adjustments: the delivery fee for its address
 * (Livraison fills this). `requested` is the fee the caller gave (0 when it gave none).
 */
export type DeliveryFeeHook = (tx: Executor, draft: OrderDraft, requested: number) => Promise<number>;

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
  /** Where the order starts on the fulfilment path. */
  initialFulfilment: FulfilmentStatus;
  /** When it happened, if not now (a till's sale made offline keeps the till's time). */
  placedAt?: Date;
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
  adjustments: AdjustmentsHook;
  deliveryFee: DeliveryFeeHook;
}

/** Until Réductions: no rule gives a discount; the discounts typed on the order stay as they are. */
export const noAdjustments: AdjustmentsHook = async () => [];

/** Until Livraison: the fee is the one the agent typed (none for the till). */
export const feeAsRequested: DeliveryFeeHook = async (_tx, _draft, requested) => requested;

/** An order an agent enters in the back-office (taken by phone, WhatsApp, social networks or by hand). */
export function manualOrderPolicy(payment: OrderPaymentInput | undefined): ChannelPolicy {
  return {
    allowsStockBelowZero: false,
    enforcesOrderQuota: true,
    initialFulfilment: 'new',
    payments: payment ? [payment] : [],
    paymentsField: 'payment.amount',
    runsInCallerTransaction: false,
    adjustments: noAdjustments,
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
    initialFulfilment: 'delivered',
    placedAt: sale.soldAt,
    localReference: sale.localReference,
    payments: sale.payments,
    paymentsField: 'payments',
    runsInCallerTransaction: true,
    adjustments: noAdjustments,
    deliveryFee: feeAsRequested,
  };
}
