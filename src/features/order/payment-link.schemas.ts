import { ZId, z } from '@/shared/validation';
import { ZStoredAmount } from '@/shared/bounded-schemas';
import { PAYMENT_STATUSES } from './order.schemas';
import { ONLINE_PAYMENT_METHODS } from './payment-link.constants';

export * from './payment-link.constants';

export const ZPaymentLinkBody = z.object({ shopId: ZId, orderId: ZId });
export const ZPaymentLink = z.object({ url: z.string() });

/** How the seller handed the link on: only then does the order's timeline say it was shared. */
export const PAYMENT_LINK_SHARE_WAYS = ['copy', 'whatsapp'] as const;
export type PaymentLinkShareWay = (typeof PAYMENT_LINK_SHARE_WAYS)[number];
export const ZPaymentLinkSharedBody = z.object({
  shopId: ZId,
  orderId: ZId,
  via: z.enum(PAYMENT_LINK_SHARE_WAYS),
});

/** The token is long and random (base64url); anything else is not a link of ours. */
const ZToken = z
  .string()
  .trim()
  .regex(/^[\w-]{16,64}$/, { error: 'Ce lien de paiement est invalide.' });
export const ZPayableOrderQuery = z.object({ token: ZToken });
export const ZPayCheckoutBody = z.object({ token: ZToken });
export const ZPayCheckout = z.object({ redirectUrl: z.string() });

export const ZPayableOrder = z.object({
  shop: z.object({
    name: z.string(),
    logoUrl: z.string().nullable(),
    phone: z.string().nullable(),
    currency: z.string(),
  }),
  order: z.object({
    number: z.number().int(),
    clientName: z.string().nullable(),
    lines: z.array(z.object({ name: z.string(), quantity: z.number().int(), total: ZStoredAmount })),
    deliveryFee: ZStoredAmount,
    discount: ZStoredAmount,
    total: ZStoredAmount,
    paidAmount: ZStoredAmount,
    amountDue: ZStoredAmount,
    paymentStatus: z.enum(PAYMENT_STATUSES),
  }),
  /** Why it cannot be paid now (already paid, cancelled), or null. */
  refusal: z.string().nullable(),
});
export type PayableOrder = z.infer<typeof ZPayableOrder>;

/** The sandbox's public test page (no money moves): what the payer is asked to pay. */
export const ZTestPaymentQuery = z.object({ paymentId: ZId });
export const ZTestPayment = z.object({
  _id: z.string(),
  shopName: z.string(),
  orderNumber: z.number().int(),
  amount: ZStoredAmount,
  currency: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
});
export const ZTestPaymentReportBody = z.object({
  paymentId: ZId,
  outcome: z.enum(['succeeded', 'failed']),
  method: z.enum(ONLINE_PAYMENT_METHODS),
});
