import { ZId, z } from '@/shared/validation';
import { BILLING_PERIODS, PAID_PLAN_IDS } from '@/shared/plans';

export const ZStartCheckoutBody = z.object({
  shopId: ZId,
  plan: z.enum(PAID_PLAN_IDS),
  months: z.union(
    BILLING_PERIODS.map((m) => z.literal(m)) as [z.ZodLiteral<1>, z.ZodLiteral<3>, z.ZodLiteral<12>],
    { error: 'Choisissez une durée de 1, 3 ou 12 mois.' },
  ),
  /** The same key sent twice (a double click, a retried request) gives back the same payment. */
  idempotencyKey: z.string().trim().min(8).max(80).optional(),
});

export const ZCheckout = z.object({ paymentId: z.string(), redirectUrl: z.string() });

export const ZPayment = z.object({
  _id: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  plan: z.string(),
  months: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  provider: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type TPayment = z.infer<typeof ZPayment>;

export const ZInvoice = z.object({
  _id: z.string(),
  shopId: z.string(),
  number: z.string(),
  plan: z.string(),
  months: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  issuedAt: z.string(),
  provider: z.string(),
  paymentId: z.string(),
});
export type TInvoice = z.infer<typeof ZInvoice>;

export const ZShopIdQuery = z.object({ shopId: ZId });
export const ZPaymentQuery = z.object({ shopId: ZId, paymentId: ZId });
export const ZInvoiceQuery = z.object({ shopId: ZId, invoiceId: ZId });
export const ZSandboxReportBody = z.object({
  shopId: ZId,
  paymentId: ZId,
  outcome: z.enum(['succeeded', 'failed']),
});
