import type { PaymentRow } from '@/features/payment/server/payment.repository';
import type { InvoiceRow } from './invoice.repository';
import type { TInvoice, TPayment } from './subscription.schemas';

export function toInvoiceDto({ invoice, provider }: { invoice: InvoiceRow; provider: string }): TInvoice {
  return {
    _id: invoice.id,
    shopId: invoice.shopId,
    number: invoice.number,
    plan: invoice.plan,
    months: invoice.months,
    amount: invoice.amount,
    currency: invoice.currency,
    periodStart: invoice.periodStart.toISOString(),
    periodEnd: invoice.periodEnd.toISOString(),
    issuedAt: invoice.issuedAt.toISOString(),
    provider,
    paymentId: invoice.paymentId,
  };
}

/** A subscription payment (an order's payment has no plan: it never reaches this DTO). */
export function toPaymentDto(payment: PaymentRow, shopName: string): TPayment {
  return {
    _id: payment.id,
    shopId: payment.shopId,
    shopName,
    plan: payment.plan!,
    months: payment.months!,
    amount: payment.amount,
    currency: payment.currency,
    provider: payment.provider,
    status: payment.status as TPayment['status'],
    createdAt: payment.createdAt.toISOString(),
    settledAt: payment.settledAt?.toISOString() ?? null,
  };
}
