import type { TOrder } from '@/features/order/order.dto-schemas';
import type { PosPaymentMethod } from '../../pos.schemas';
import { PAYMENT_METHODS } from '../pos-constants';
import type { LocalSale, ReceiptPayment } from '../offline/types';
import type { ReceiptData } from './Receipt';
import { localTicketLabel } from '@/shared/local-reference';
import { localLabelOf } from '../till/format';

export interface RefundableLine {
  lineId?: string;
  productId: string;
  variantId: string;
  productName: string;
  variantName: string;
  quantity: number;
  total: number;
  /** Units not refunded yet (by the server's count and this tablet's pending refunds). */
  refundable: number;
}

/** A past sale as the refund dialog needs it, from this tablet's record, the server's, or both. */
export interface RefundSource {
  label: string;
  orderId: string | null;
  saleOpId: string | null;
  lines: RefundableLine[];
  afterLineDiscounts: number;
  cartDiscount: number;
  defaultMethod: PosPaymentMethod;
  localSale: LocalSale | null;
  client: { name: string; phone: string | null } | null;
  /** Loyalty points paid part of it: what they paid may go back as points. */
  isPaidWithPoints: boolean;
}

function isPosMethod(method: string): method is PosPaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(method);
}

function refundedLocally(sale: LocalSale | null, variantId: string): number {
  if (!sale) return 0;
  return sale.refunds.reduce(
    (sum, r) => sum + r.lines.filter((l) => l.variantId === variantId).reduce((s, l) => s + l.quantity, 0),
    0,
  );
}

export function sourceFromLocalSale(sale: LocalSale): RefundSource {
  return {
    label: sale.orderNumber ? `Commande n° ${sale.orderNumber}` : localLabelOf(sale),
    orderId: sale.orderId,
    saleOpId: sale.orderId ? null : sale.opId,
    lines: sale.lines.map((l) => ({
      productId: l.productId ?? '',
      variantId: l.variantId,
      productName: l.productName,
      variantName: l.variantName,
      quantity: l.quantity,
      total: l.total,
      refundable: l.quantity - refundedLocally(sale, l.variantId),
    })),
    // Each line's total is after the shop's discounts and the line discount; the rounding is
    // shared like the cart discount.
    afterLineDiscounts: sale.lines.reduce((sum, l) => sum + l.total, 0),
    cartDiscount: sale.cartDiscount + (sale.rounding ?? 0),
    defaultMethod: sale.payments[0]?.method ?? 'cash',
    isPaidWithPoints: sale.payments.some((p) => p.method === 'loyalty'),
    localSale: sale,
    client: sale.client,
  };
}

/**
 * The server's order wins for what was already refunded (other tablets, the back office); refunds
 * this tablet made and has not sent yet come on top.
 */
export function sourceFromOrder(order: TOrder, localSale: LocalSale | null): RefundSource {
  const pendingLocal = (variantId: string) => refundedLocally(localSale, variantId);
  const method = order.payments.find((p) => isPosMethod(p.method))?.method;
  return {
    label: `Commande n° ${order.number}`,
    orderId: order.id,
    saleOpId: null,
    lines: order.lines.map((l) => ({
      lineId: l.id,
      productId: l.productId,
      variantId: l.variantId,
      productName: l.productName,
      variantName: l.variantName,
      quantity: l.quantity,
      total: l.total,
      refundable: Math.max(0, l.quantity - Math.max(l.refundedQuantity, pendingLocal(l.variantId))),
    })),
    afterLineDiscounts: order.subtotal - order.lineDiscountTotal,
    cartDiscount: order.orderDiscount,
    defaultMethod: method && isPosMethod(method) ? method : 'cash',
    isPaidWithPoints: order.payments.some((p) => p.method === 'loyalty'),
    localSale,
    client: order.clientName ? { name: order.clientName, phone: order.clientPhone } : null,
  };
}

/** A receipt for a sale known only to the server (made on another tablet, or before this one). */
export function receiptFromOrder(order: TOrder, localSale: LocalSale | null, tillName: string): ReceiptData {
  // The order counts the shop's product discounts in its lines' discounts, its order discounts
  // and the rounding in its own: the receipt prints them by name, the cashier's apart.
  const adjustments = order.adjustments ?? [];
  const sum = (type: string) => adjustments.filter((a) => a.type === type).reduce((s, a) => s + a.amount, 0);
  const productShare = new Map<string, number>();
  for (const a of adjustments)
    if (a.type === 'product')
      for (const l of a.lines) productShare.set(l.lineId, (productShare.get(l.lineId) ?? 0) + l.amount);
  const rounding = sum('rounding');
  const payments: ReceiptPayment[] = order.payments
    .filter((p) => isPosMethod(p.method))
    .map((p) => ({
      method: p.method as PosPaymentMethod,
      amount: p.amount,
      ...(p.reference ? { reference: p.reference } : {}),
    }));
  return {
    numberLabel: `Commande n° ${order.number}`,
    localLabel: order.localReference
      ? localTicketLabel(order.localReference)
      : localSale
        ? localLabelOf(localSale)
        : null,
    isPending: false,
    at: order.createdAt,
    cashierName: order.createdBy?.name ?? localSale?.cashierName ?? '',
    tillName: localSale?.tillName ?? tillName,
    client: order.clientName ? { name: order.clientName, phone: order.clientPhone } : null,
    lines: order.lines.map((l) => ({
      lineId: l.id,
      productId: l.productId,
      variantId: l.variantId,
      productName: l.productName,
      variantName: l.variantName,
      sku: l.sku,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      lineDiscount: Math.max(0, l.lineDiscount - (productShare.get(l.id) ?? 0)),
      promotion: productShare.get(l.id) ?? 0,
      total: l.total,
    })),
    grossTotal: order.subtotal,
    promotions: adjustments
      .filter((a) => a.type === 'product' || a.type === 'order')
      .map((a) => ({ name: a.name, code: a.code, amount: a.amount, why: a.why })),
    lineDiscountTotal: Math.max(0, order.lineDiscountTotal - sum('product')),
    cartDiscount: Math.max(0, order.orderDiscount - sum('order') - rounding),
    rounding,
    total: order.total,
    payments: localSale?.payments ?? payments,
    change: localSale?.change ?? 0,
    due: Math.max(0, order.total - order.paidAmount),
    note: order.clientNote,
    // Refunds this tablet has not sent yet count too.
    refunded: Math.max(order.refundedAmount, localSale?.refunds.reduce((sum, r) => sum + r.amount, 0) ?? 0),
  };
}
