import { formatMoney } from '@/shared/money';
import type { PosOp } from '../../pos.schemas';
import type { PricedCart } from '../cart/cart-math';
import { paymentState, type PaymentDraft } from '../cart/checkout-math';
import { localReferenceOf, localTicketLabel } from '@/shared/local-reference';
import { metaKey, readMeta, ticketSeries } from './db';
import { commitOp } from './outbox';
import { entryOf, newOpId, now, type TillActor } from './till-ops';
import type { LocalSale, LocalSession, ReceiptLine, SaleLoyalty } from './types';

/* The sale op, written with the payment dialog (loaded lazily, as this file). */

/**
 * The sale op's `promotions` (contract §3), typed here for the till: the codes applied and each
 * adjustment with the op's line indexes, the rounding last. ZSaleOp (pos.schemas.ts) checks it.
 */
export interface SalePromotions {
  codes: string[];
  adjustments: Array<{
    discountId: string | null;
    code: string | null;
    type: 'product' | 'order' | 'rounding';
    amount: number;
    lines: Array<{ index: number; amount: number }>;
    /** The engine's French « why », as the till showed it (the order keeps it). */
    why?: string;
  }>;
}

type SaleOp = Extract<PosOp, { type: 'sale' }>;

/** The priced cart's promotions with the op's line indexes (the cart's order), or undefined. */
export function salePromotions(priced: PricedCart): SalePromotions | undefined {
  const { cart, promotions, totals } = priced;
  const indexOf = new Map(cart.lines.map((l, i) => [l.variantId, i]));
  const adjustments: SalePromotions['adjustments'] = (promotions?.adjustments ?? []).map((a) => ({
    discountId: a.discountId,
    code: a.code,
    type: a.type,
    amount: a.amount,
    lines: a.lines.flatMap((s) => {
      const index = indexOf.get(s.variantId);
      return index === undefined ? [] : [{ index, amount: s.amount }];
    }),
    why: a.why.slice(0, 300),
  }));
  if (totals.rounding > 0)
    adjustments.push({ discountId: null, code: null, type: 'rounding', amount: totals.rounding, lines: [] });
  const codes = promotions?.appliedCodes ?? [];
  return adjustments.length || codes.length ? { codes, adjustments } : undefined;
}

export interface SaleInput {
  /** The cart with its figures (cart-pricing.ts): what the till showed is what the op sends. */
  priced: PricedCart;
  payments: PaymentDraft[];
  isCredit: boolean;
  approvalPin: string | null;
  session: LocalSession;
  /** The client's points on this sale, as the dialog reckoned them (absent without a programme). */
  loyalty?: SaleLoyalty;
}

export async function recordSale(
  actor: TillActor,
  input: SaleInput,
): Promise<{ sale: LocalSale; session: LocalSession }> {
  const { payments, session } = input;
  const { cart, totals } = input.priced;
  const promotions = salePromotions(input.priced);
  const { change, remaining } = paymentState(totals.total, payments);
  const ticketNumber = ((await readMeta<number>(metaKey.ticketSeq(actor.shopId, actor.tillId))) ?? 0) + 1;
  const localReference = localReferenceOf(await ticketSeries(actor.shopId, actor.tillId), ticketNumber);
  const op: SaleOp = {
    id: newOpId(),
    at: now(),
    type: 'sale',
    sessionId: session.id,
    // The line discounts as applied: on what the promotions leave, never past it.
    lines: cart.lines.map((l, i) => ({
      variantId: l.variantId,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      lineDiscount: totals.lines[i]?.lineDiscount ?? l.lineDiscount,
    })),
    // An amount above what the lines leave (lines removed after the discount, promotions) counts
    // as all of it, as the till showed it; the server refuses a discount larger than the items.
    discount:
      cart.discount?.kind === 'amount' ? { kind: 'amount', value: totals.cartDiscount } : cart.discount,
    ...(promotions ? { promotions } : {}),
    note: cart.note.trim(),
    ...(cart.client?.id
      ? { clientId: cart.client.id }
      : cart.client?.opId
        ? { clientOpId: cart.client.opId }
        : {}),
    payments: payments.map((p) => ({
      method: p.method,
      amount: p.amount,
      ...(p.reference?.trim() ? { reference: p.reference.trim() } : {}),
      ...(p.method === 'cash' && p.tendered !== undefined ? { tendered: p.tendered } : {}),
    })),
    isCredit: input.isCredit,
    ...(input.approvalPin ? { approval: { pin: input.approvalPin } } : {}),
    ...(cart.catalogueCursor ? { catalogueCursor: cart.catalogueCursor } : {}),
    localReference,
  };
  const lines: ReceiptLine[] = cart.lines.map((l, i) => ({
    productId: l.productId,
    variantId: l.variantId,
    productName: l.productName,
    variantName: l.variantName,
    sku: l.sku,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    lineDiscount: totals.lines[i]!.lineDiscount,
    promotion: totals.lines[i]!.promotion,
    total: totals.lines[i]!.total,
  }));
  const sale: LocalSale = {
    opId: op.id,
    shopId: actor.shopId,
    tillId: actor.tillId,
    tillName: actor.tillName,
    sessionId: session.id,
    userId: actor.userId,
    ticketNumber,
    localReference,
    at: op.at,
    cashierName: actor.cashierName,
    client: cart.client,
    lines,
    grossTotal: totals.gross,
    promotions: (input.priced.promotions?.adjustments ?? []).map((a) => ({
      name: a.name,
      code: a.code,
      amount: a.amount,
      why: a.why,
    })),
    codes: promotions?.codes ?? [],
    lineDiscountTotal: totals.lineDiscountTotal,
    cartDiscount: totals.cartDiscount,
    rounding: totals.rounding,
    total: totals.total,
    payments: op.payments,
    change,
    isCredit: input.isCredit,
    due: input.isCredit ? remaining : 0,
    note: op.note,
    status: 'pending',
    orderId: null,
    orderNumber: null,
    hasStockConflict: false,
    error: null,
    refunds: [],
    ...(input.loyalty ? { loyalty: input.loyalty } : {}),
  };
  const cashPaid = payments.filter((p) => p.method === 'cash').reduce((sum, p) => sum + p.amount, 0);
  const updated: LocalSession = {
    ...session,
    cashSales: session.cashSales + cashPaid,
    salesCount: session.salesCount + 1,
  };
  const stock = cart.lines.map((l) => ({
    productId: l.productId,
    variantId: l.variantId,
    delta: -l.quantity,
  }));
  const summary = `Vente, ${localTicketLabel(localReference)} : ${formatMoney(totals.total, actor.currency)}`;
  await commitOp({
    entry: entryOf(actor, op, summary, stock),
    sale,
    session: updated,
    ticketSeq: { shopId: actor.shopId, tillId: actor.tillId, value: ticketNumber },
  });
  return { sale, session: updated };
}
