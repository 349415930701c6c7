import type { Executor } from '@/server/db';
import { findPeople } from '@/features/user/server/user.repository';
import { ZOrder, ZOrderSummary, type TOrder, type TOrderSummary } from '../order.dto-schemas';
import {
  allowedFulfilmentMoves,
  invoiceLabel,
  isOrderEditable,
  type FulfilmentStatus,
} from '../order.schemas';
import type { findOrderDetails, OrderRow } from './order.repository';
import type { OrderSummaryRow } from './list-orders';

export { ZOrder, ZOrderSummary };

export function toOrderSummary(row: OrderSummaryRow): TOrderSummary {
  return {
    id: row.id,
    number: row.number,
    channel: row.channel as TOrderSummary['channel'],
    clientId: row.clientId,
    clientName: row.clientName,
    clientPhone: row.clientPhone,
    fulfilmentStatus: row.fulfilmentStatus as FulfilmentStatus,
    paymentStatus: row.paymentStatus as TOrderSummary['paymentStatus'],
    total: row.total,
    paidAmount: row.paidAmount,
    refundedAmount: row.refundedAmount,
    createdByUserId: row.createdByUserId,
    createdAt: row.createdAt.toISOString(),
  };
}

export type OrderDetails = Awaited<ReturnType<typeof findOrderDetails>>;

export async function toOrderDto(db: Executor, row: OrderRow, details: OrderDetails): Promise<TOrder> {
  const people = await findPeople(db, [
    row.createdByUserId,
    ...details.payments.map((p) => p.createdByUserId),
    ...details.refunds.map((r) => r.createdByUserId),
    ...details.events.map((e) => e.userId),
  ]);
  return buildOrderDto(row, details, people);
}

/** The order's page from its rows, with the names of the people they mention (user id → name). */
export function buildOrderDto(row: OrderRow, details: OrderDetails, people: Map<string, string>): TOrder {
  const person = (id: string | null) => (id && people.has(id) ? { id, name: people.get(id)! } : null);
  const status = row.fulfilmentStatus as FulfilmentStatus;
  // What the shop's discounts put on each line and on the order; the rest was given by hand.
  const byDiscountsOnLine = new Map<string, number>();
  let byDiscountsOnOrder = 0;
  for (const a of details.adjustments) {
    if (a.type === 'order' || a.type === 'rounding') byDiscountsOnOrder += a.amount;
    if (a.type === 'product')
      for (const l of a.lines)
        byDiscountsOnLine.set(l.lineId, (byDiscountsOnLine.get(l.lineId) ?? 0) + l.amount);
  }
  return {
    ...toOrderSummary(row),
    subtotal: row.subtotal,
    lineDiscountTotal: row.lineDiscountTotal,
    orderDiscount: row.orderDiscount,
    ownOrderDiscount: Math.max(0, row.orderDiscount - byDiscountsOnOrder),
    deliveryFee: row.deliveryFee,
    deliveryAddress: row.deliveryAddress ?? null,
    clientNote: row.clientNote,
    localReference: row.localReference,
    invoice:
      row.invoiceNumber !== null && row.invoicedAt
        ? { number: invoiceLabel(row.invoiceNumber), issuedAt: row.invoicedAt.toISOString() }
        : null,
    createdBy: person(row.createdByUserId),
    updatedAt: row.updatedAt.toISOString(),
    allowedStatuses: allowedFulfilmentMoves(status),
    isEditable: isOrderEditable(status) && row.refundedAmount === 0,
    lines: details.lines.map((l) => ({
      id: l.id,
      variantId: l.variantId,
      productId: l.productId,
      productName: l.productName,
      variantName: l.variantName,
      sku: l.sku,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      lineDiscount: l.lineDiscount,
      ownDiscount: Math.max(0, l.lineDiscount - (byDiscountsOnLine.get(l.id) ?? 0)),
      total: l.total,
      refundedQuantity: l.refundedQuantity,
    })),
    payments: details.payments.map((p) => ({
      id: p.id,
      method: p.method as TOrder['payments'][number]['method'],
      amount: p.amount,
      reference: p.reference,
      isOnline: p.isOnline,
      createdBy: person(p.createdByUserId),
      createdAt: p.createdAt.toISOString(),
    })),
    refunds: details.refunds.map((r) => ({
      id: r.id,
      amount: r.amount,
      method: r.method as TOrder['refunds'][number]['method'],
      lines: r.lines,
      isRestocked: r.isRestocked,
      reason: r.reason,
      createdBy: person(r.createdByUserId),
      createdAt: r.createdAt.toISOString(),
    })),
    adjustments: details.adjustments.map((a) => ({
      id: a.id,
      discountId: a.discountId,
      name: a.name,
      code: a.code,
      type: a.type,
      amount: a.amount,
      why: a.why,
      lines: a.lines,
    })),
    discountCodes: [...new Set(details.adjustments.flatMap((a) => (a.code ? [a.code] : [])))].sort(),
    timeline: details.events.map((e) => ({
      id: e.id,
      type: e.type as TOrder['timeline'][number]['type'],
      data: e.data,
      by: person(e.userId),
      createdAt: e.createdAt.toISOString(),
    })),
  };
}
