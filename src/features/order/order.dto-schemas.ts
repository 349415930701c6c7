import { z } from '@/shared/validation';
import { ZStoredAmount } from '@/shared/bounded-schemas';
import { FULFILMENT_STATUSES, ORDER_CHANNELS, PAYMENT_METHODS, PAYMENT_STATUSES } from './order.schemas';

/** What the API answers about orders (parsed on the way out; the client reads the same types). */
const ZAddressDto = z.object({
  quartier: z.string(),
  commune: z.string(),
  ville: z.string(),
  indications: z.string(),
  /** « lat,lng », when the address has a GPS pin. */
  position: z.string().optional(),
});

export const ZOrderSummary = z.object({
  id: z.string(),
  number: z.number().int(),
  channel: z.enum(ORDER_CHANNELS),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  clientPhone: z.string().nullable(),
  fulfilmentStatus: z.enum(FULFILMENT_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  total: ZStoredAmount,
  paidAmount: ZStoredAmount,
  refundedAmount: ZStoredAmount,
  /** Null for an order its buyer placed (the online shop). */
  createdByUserId: z.string().nullable(),
  createdAt: z.string(),
});
export type TOrderSummary = z.infer<typeof ZOrderSummary>;

const ZPerson = z.object({ id: z.string(), name: z.string() }).nullable();

export const ZOrder = ZOrderSummary.extend({
  subtotal: ZStoredAmount,
  lineDiscountTotal: ZStoredAmount,
  orderDiscount: ZStoredAmount,
  deliveryFee: ZStoredAmount,
  deliveryAddress: ZAddressDto.nullable(),
  clientNote: z.string(),
  /** A till's sale: « KQFT-2 », the local ticket its receipt printed before it had its number. */
  localReference: z.string().nullable(),
  /** The shop's invoice for the order, once issued (« FAC-000012 »); null before. */
  invoice: z.object({ number: z.string(), issuedAt: z.string() }).nullable(),
  createdBy: ZPerson,
  updatedAt: z.string(),
  /** What the current statuses allow, so the page offers only those actions. */
  allowedStatuses: z.array(z.enum(FULFILMENT_STATUSES)),
  isEditable: z.boolean(),
  lines: z.array(
    z.object({
      id: z.string(),
      variantId: z.string(),
      productId: z.string(),
      productName: z.string(),
      variantName: z.string(),
      sku: z.string().nullable(),
      unitPrice: ZStoredAmount,
      quantity: z.number().int(),
      lineDiscount: ZStoredAmount,
      /** The part of `lineDiscount` the agent gave by hand (the rest is the shop's discounts'). */
      ownDiscount: ZStoredAmount,
      total: ZStoredAmount,
      refundedQuantity: z.number().int(),
    }),
  ),
  /** The part of `orderDiscount` the agent gave by hand (the rest: the shop's discounts, the rounding). */
  ownOrderDiscount: ZStoredAmount,
  payments: z.array(
    z.object({
      id: z.string(),
      method: z.enum(PAYMENT_METHODS),
      amount: ZStoredAmount,
      reference: z.string().nullable(),
      isOnline: z.boolean(),
      createdBy: ZPerson,
      createdAt: z.string(),
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.string(),
      amount: ZStoredAmount,
      method: z.enum(PAYMENT_METHODS),
      lines: z.array(z.object({ lineId: z.string(), quantity: z.number().int() })),
      isRestocked: z.boolean(),
      reason: z.string(),
      createdBy: ZPerson,
      createdAt: z.string(),
    }),
  ),
  /**
   * What the shop's discounts took off, as they were when the order was placed (« Pourquoi ce
   * prix ? »): each one's name, code, amount and where it landed on the lines; then the rounding.
   */
  adjustments: z.array(
    z.object({
      id: z.string(),
      discountId: z.string().nullable(),
      name: z.string(),
      code: z.string().nullable(),
      type: z.enum(['product', 'order', 'delivery', 'rounding']),
      amount: ZStoredAmount,
      why: z.string(),
      lines: z.array(z.object({ lineId: z.string(), amount: ZStoredAmount })),
    }),
  ),
  /** The discount codes the order applied, as the discounts spell them. */
  discountCodes: z.array(z.string()),
  timeline: z.array(
    z.object({
      id: z.string(),
      type: z.enum([
        'created',
        'status',
        'payment',
        'payment_link',
        'refund',
        'note',
        'edit',
        'stock_conflict',
        'delivery',
      ]),
      data: z.record(z.string(), z.unknown()),
      by: ZPerson,
      createdAt: z.string(),
    }),
  ),
});
export type TOrder = z.infer<typeof ZOrder>;

export const ZIssuedInvoices = z.object({
  items: z.array(
    z.object({
      orderId: z.string(),
      invoice: z.object({ number: z.string(), issuedAt: z.string() }).nullable(),
      refusal: z.string().nullable(),
    }),
  ),
});
export type TIssuedInvoices = z.infer<typeof ZIssuedInvoices>;
