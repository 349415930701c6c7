import { ZId, z } from '@/shared/validation';
import { ZAmount, ZPositiveAmount, ZQuantity } from '@/shared/bounded-schemas';
import { ZAddress, ZCustomerInput } from '@/features/customer/customer.schemas';
import {
  FULFILMENT_FLOW,
  FULFILMENT_STATUSES,
  MANUAL_CHANNELS,
  ORDER_CHANNELS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  REFUND_METHODS,
  type FulfilmentStatus,
  type PaymentStatus,
} from './order.constants';

export * from './order.constants';

/**
 * Which statuses an order may move to: forward along the path (steps may be skipped, e.g. a
 * pick-up goes from « Prête » to « Livrée »), cancelled before it leaves the shop, returned after.
 */
export function allowedFulfilmentMoves(from: FulfilmentStatus): FulfilmentStatus[] {
  if (from === 'cancelled' || from === 'returned') return [];
  const index = FULFILMENT_FLOW.indexOf(from);
  const forward: FulfilmentStatus[] = FULFILMENT_FLOW.slice(index + 1);
  if (index < FULFILMENT_FLOW.indexOf('shipping')) return [...forward, 'cancelled'];
  return [...forward, 'returned'];
}

/** Lines, quantities and fee can change until the order leaves the shop. */
export function isOrderEditable(status: FulfilmentStatus): boolean {
  return (['new', 'confirmed', 'preparing', 'ready'] as FulfilmentStatus[]).includes(status);
}

/** Derived from the amounts, never set by hand, so it cannot disagree with the records. */
export function paymentStatusOf(order: {
  total: number;
  paidAmount: number;
  refundedAmount: number;
}): PaymentStatus {
  if (order.refundedAmount > 0)
    return order.refundedAmount >= order.paidAmount ? 'refunded' : 'partially_refunded';
  if (order.paidAmount <= 0) return order.total === 0 ? 'paid' : 'pending';
  return order.paidAmount >= order.total ? 'paid' : 'partially_paid';
}

/**
 * An invoice's number as printed: « FAC- » and at least six digits (« FAC-000012 »), one
 * uninterrupted series per shop (see server/issue-invoice.ts).
 */
export function invoiceLabel(number: number): string {
  return `FAC-${String(number).padStart(6, '0')}`;
}

export const ZOrderLineInput = z.object({
  variantId: ZId,
  quantity: ZQuantity,
  /** Off this line, in minor units. */
  lineDiscount: ZAmount.default(0),
});

export const ZPaymentInput = z.object({
  method: z.enum(PAYMENT_METHODS),
  amount: ZPositiveAmount,
  reference: z.string().trim().max(100).optional(),
});

/**
 * Discount codes typed (case-insensitive): the server's engine decides what they give. Absent from
 * an edit, the order keeps the codes it has.
 */
export const ZDiscountCodesInput = z
  .array(
    z
      .string()
      .trim()
      .min(1, { error: 'Code vide.' })
      .max(40, { error: 'Code trop long (40 caractères au plus).' }),
  )
  .max(5, { error: 'Cinq codes au plus par commande.' })
  .optional();

const orderContent = {
  lines: z.array(ZOrderLineInput).min(1).max(200),
  discountCodes: ZDiscountCodesInput,
  orderDiscount: ZAmount.default(0),
  deliveryAddress: ZAddress.nullable().default(null),
};

export const ZCreateOrderBody = z.object({
  shopId: ZId,
  channel: z.enum(MANUAL_CHANNELS).default('manual'),
  /** An existing client of the shop, or the one to create with the order, or neither. */
  clientId: ZId.optional(),
  newClient: ZCustomerInput.optional(),
  ...orderContent,
  /** Omitted: the fee of the address's delivery zone (none: 0). Given: that fee. */
  deliveryFee: ZAmount.optional(),
  /** Why the fee differs from the zone's (or the zone's minimum is waived): required then. */
  deliveryFeeReason: z.string().trim().max(200).optional(),
  clientNote: z.string().trim().max(1000).default(''),
  internalNote: z.string().trim().max(1000).optional(),
  payment: ZPaymentInput.optional(),
  idempotencyKey: z.string().trim().min(8).max(100).optional(),
});
export type TCreateOrderBody = z.infer<typeof ZCreateOrderBody>;

export const ZUpdateOrderBody = z.object({
  shopId: ZId,
  orderId: ZId,
  ...orderContent,
  /** An edit keeps the fee it is given; the form offers the zone's. */
  deliveryFee: ZAmount.default(0),
});
export type TUpdateOrderBody = z.infer<typeof ZUpdateOrderBody>;

export const ZChangeOrderStatusBody = z.object({
  shopId: ZId,
  orderId: ZId,
  status: z.enum(FULFILMENT_STATUSES),
});

export const ZBulkOrderStatusBody = z.object({
  shopId: ZId,
  orderIds: z.array(ZId).min(1).max(200),
  status: z.enum(FULFILMENT_STATUSES),
});

export const ZAddOrderPaymentBody = ZPaymentInput.extend({ shopId: ZId, orderId: ZId });

export const ZRefundOrderBody = z.object({
  shopId: ZId,
  orderId: ZId,
  lines: z
    .array(z.object({ lineId: ZId, quantity: ZQuantity }))
    .max(200)
    .default([]),
  /** What is handed back; defaults to the value of the lines refunded. */
  amount: ZAmount.optional(),
  method: z.enum(PAYMENT_METHODS).refine((method) => (REFUND_METHODS as readonly string[]).includes(method), {
    error: 'On ne rembourse pas par « Paiement à la livraison » : choisissez espèces, mobile money ou carte.',
  }),
  restock: z.boolean().default(true),
  reason: z.string().trim().max(300).default(''),
});
export type TRefundOrderBody = z.infer<typeof ZRefundOrderBody>;

/** « Facture » for one or several orders (the print page's selection). */
export const ZIssueInvoicesBody = z.object({
  shopId: ZId,
  orderIds: z.array(ZId).min(1).max(200),
});

export const ZAddOrderNoteBody = z.object({
  shopId: ZId,
  orderId: ZId,
  note: z.string().trim().min(1).max(1000),
});

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date invalide (AAAA-MM-JJ).');

/** `categoryId` of the products without a category, `commune` of orders without an address. */
export const NO_CATEGORY = 'sans-categorie';
export const NO_COMMUNE = 'sans-adresse';

/** What the list can be filtered by; saved views keep the same object. */
export const ZOrderFilters = z.object({
  fulfilment: z.array(z.enum(FULFILMENT_STATUSES)).max(FULFILMENT_STATUSES.length).optional(),
  payment: z.array(z.enum(PAYMENT_STATUSES)).max(PAYMENT_STATUSES.length).optional(),
  channel: z.enum(ORDER_CHANNELS).optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
  agentId: ZId.optional(),
  // The drill-downs of Statistiques: the orders behind one row of a report.
  clientId: ZId.optional(),
  productId: ZId.optional(),
  variantId: ZId.optional(),
  /** A category, or `NO_CATEGORY` for the products without one. */
  categoryId: ZId.optional(),
  discountId: ZId.optional(),
  /** A commune however it was typed (case, accents, hyphens), or `NO_COMMUNE` for no address. */
  commune: z.string().trim().min(1).max(100).optional(),
  search: z.string().trim().max(100).optional(),
});
export type TOrderFilters = z.infer<typeof ZOrderFilters>;

/** Query strings carry lists as « a,b ». */
const csvList = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .max(300)
    .optional()
    .transform((s) => (s ? s.split(',').filter(Boolean) : undefined))
    .pipe(z.array(z.enum(values)).optional());

export const ZListOrdersQuery = ZOrderFilters.extend({
  shopId: ZId,
  fulfilment: csvList(FULFILMENT_STATUSES),
  payment: csvList(PAYMENT_STATUSES),
  after: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TListOrdersQuery = z.infer<typeof ZListOrdersQuery>;

export const ZSaveOrderViewBody = z.object({
  shopId: ZId,
  name: z.string().trim().min(1).max(40),
  filters: ZOrderFilters,
});
