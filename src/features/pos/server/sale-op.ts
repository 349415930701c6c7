import type { Executor } from '@/server/db';
import { posPayments, posSales, stockConflicts } from '@/server/db/schema/pos';
import { newId } from '@/server/ids';
import { Errors } from '@/server/http/errors';
import { formatMoney } from '@/shared/money';
import { MAX_AMOUNT, lineLimitMessage, totalLimitMessage } from '@/shared/bounds';
import { findCustomerById } from '@/features/customer/server/customers';
import { createTillOrder } from '@/features/order/server/create-order';
import { lowestPricesSince } from '@/features/product/server/price-history';
import { DISCOUNT_APPROVAL_PERCENT, discountNeedsApproval, priceCut } from '../discount-rule';
import type { PosOp } from '../pos.schemas';
import { requireApproval } from './approvals';
import { happenedAt, type PosContext } from './pos-context';
import { openSessionOf } from './session-ops';
import { findOpResult } from './op-log';

type SaleOp = Extract<PosOp, { type: 'sale' }>;

/** The client of a sale: one the server knows, or one a `client` op of the till made earlier. */
async function clientOf(tx: Executor, ctx: PosContext, op: SaleOp): Promise<string | null> {
  const shopId = ctx.membership.shop.id;
  if (op.clientId) {
    if (!(await findCustomerById(tx, shopId, op.clientId)))
      throw Errors.validation({ clientId: 'Ce client n’existe pas dans la boutique.' });
    return op.clientId;
  }
  if (!op.clientOpId) return null;
  const made = await findOpResult(tx, shopId, op.clientOpId);
  if (!made?.clientId) throw Errors.validation({ clientOpId: 'Ce client n’a pas pu être enregistré.' });
  return made.clientId;
}

/**
 * The cart's figures as the till showed them: items after line discounts, then the cart discount.
 * A line or a cart past MAX_AMOUNT is refused here, before the payments are weighed against it.
 */
export function cartFigures(op: Pick<SaleOp, 'lines' | 'discount'>, currency: string) {
  const tooLarge: Record<string, string> = {};
  op.lines.forEach((l, i) => {
    if (l.unitPrice * l.quantity > MAX_AMOUNT)
      tooLarge[`lines.${i}.quantity`] = lineLimitMessage(currency, 'vente');
  });
  if (Object.keys(tooLarge).length) throw Errors.validation(tooLarge);
  const subtotal = op.lines.reduce((n, l) => n + l.unitPrice * l.quantity, 0);
  if (subtotal > MAX_AMOUNT) throw Errors.validation({ lines: totalLimitMessage(currency, 'vente') });
  const lineDiscounts = op.lines.reduce((n, l) => n + l.lineDiscount, 0);
  const items = subtotal - lineDiscounts;
  const discount = !op.discount
    ? 0
    : op.discount.kind === 'percent'
      ? Math.round((items * Math.min(op.discount.value, 100)) / 100)
      : op.discount.value;
  if (op.discount?.kind === 'percent' && op.discount.value > 100)
    throw Errors.validation({ 'discount.value': 'Une remise ne peut pas dépasser 100 %.' });
  if (discount > items)
    throw Errors.validation({ 'discount.value': 'La remise dépasse le montant des articles.' });
  return { subtotal, lineDiscounts, discount, total: items - discount };
}

/**
 * Who approved what the cart gives away, when the PIN rule asks for someone: each line is measured
 * against the lowest price its variant had since the till's copy of the catalogue was read (a copy
 * offline may show a price raised since), or the current price for an op without cursor.
 */
async function approvalOfDiscounts(
  tx: Executor,
  ctx: PosContext,
  op: SaleOp,
  cartDiscount: number,
): Promise<string | null> {
  const floors = await lowestPricesSince(
    tx,
    ctx.membership.shop.id,
    op.lines.map((l) => l.variantId),
    op.catalogueCursor,
  );
  // A variant not found is left to the order, which refuses it.
  const lines = op.lines.map((l) => ({ ...l, referencePrice: floors.get(l.variantId) ?? l.unitPrice }));
  if (!discountNeedsApproval(lines, cartDiscount)) return null;
  const what = lines.some((l) => priceCut(l) > 0)
    ? `Une remise de plus de ${DISCOUNT_APPROVAL_PERCENT} % (prix inférieurs au prix catalogue compris)`
    : `Une remise de plus de ${DISCOUNT_APPROVAL_PERCENT} %`;
  return requireApproval(tx, ctx, op.approval, what);
}

/**
 * A sale at the till: an order of channel « point de vente » made by the orders module, delivered
 * and paid on the spot (or partly on credit), in the session's drawer. It happened already, so
 * the stock it lacked is taken anyway and the gap recorded as a « conflit de stock ».
 */
export async function sellAtTill(tx: Executor, ctx: PosContext, op: SaleOp) {
  const session = await openSessionOf(tx, ctx, op.sessionId);
  const currency = ctx.membership.shop.currency;
  const clientId = await clientOf(tx, ctx, op);
  if (op.isCredit && !clientId)
    throw Errors.validation({ isCredit: 'Le paiement à crédit demande un client rattaché à la vente.' });

  const figures = cartFigures(op, currency);
  const approvedBy = await approvalOfDiscounts(tx, ctx, op, figures.discount);
  const paid = op.payments.reduce((n, p) => n + p.amount, 0);
  if (paid > figures.total)
    throw Errors.validation({
      payments: `Les paiements dépassent le total (${formatMoney(figures.total, currency)}).`,
    });
  if (paid < figures.total && !op.isCredit)
    throw Errors.validation({
      payments: `Il manque ${formatMoney(figures.total - paid, currency)} : encaissez le reste ou choisissez le paiement à crédit.`,
    });
  const errors: Record<string, string> = {};
  op.payments.forEach((p, i) => {
    if (p.tendered !== undefined && p.method === 'cash' && p.tendered < p.amount)
      errors[`payments.${i}.tendered`] = 'Le montant remis est inférieur au montant encaissé.';
  });
  if (Object.keys(errors).length) throw Errors.validation(errors);
  const changeGiven = op.payments.reduce(
    (n, p) => n + (p.method === 'cash' && p.tendered !== undefined ? p.tendered - p.amount : 0),
    0,
  );

  const soldAt = happenedAt(op.at);
  const sale = await createTillOrder(tx, ctx.membership, ctx.user.id, {
    clientId: clientId ?? undefined,
    lines: op.lines,
    orderDiscount: figures.discount,
    internalNote: op.note || undefined,
    payments: op.payments,
    soldAt,
    localReference: op.localReference ?? null,
  });
  const { order, shortfalls } = sale;
  await tx.insert(posSales).values({
    orderId: order.id,
    shopId: order.shopId,
    tillId: ctx.till.id,
    sessionId: session.id,
    opId: op.id,
    soldAt,
    discount: figures.lineDiscounts + figures.discount,
    creditAmount: figures.total - paid,
    changeGiven,
    hasStockConflict: shortfalls.length > 0,
    approvedByUserId: approvedBy,
  });
  if (op.payments.length)
    await tx.insert(posPayments).values(
      op.payments.map((p) => ({
        id: newId(),
        shopId: order.shopId,
        sessionId: session.id,
        orderId: order.id,
        kind: 'sale',
        method: p.method,
        amount: p.amount,
        createdAt: soldAt,
      })),
    );
  if (shortfalls.length)
    await tx.insert(stockConflicts).values(
      shortfalls.map((s) => ({
        id: newId(),
        shopId: order.shopId,
        orderId: order.id,
        variantId: s.variantId,
        productName: s.productName,
        variantName: s.variantName,
        missing: s.missing,
        stockAfter: s.stockAfter,
      })),
    );
  return {
    result: { orderId: order.id, orderNumber: order.number, hasStockConflict: shortfalls.length > 0 },
    after: sale.announce,
  };
}
