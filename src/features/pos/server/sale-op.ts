import { findMergedInto } from '@/features/customer/server/client-events';
import type { Executor } from '@/server/db';
import { posPayments, posSales, stockConflicts } from '@/server/db/schema/pos';
import { newId } from '@/server/ids';
import { Errors } from '@/server/http/errors';
import { formatMoney } from '@/shared/money';
import { MAX_AMOUNT, lineLimitMessage, totalLimitMessage } from '@/shared/bounds';
import { findCustomerById } from '@/features/customer/server/customers';
import { lockedStoreCredit } from '@/features/customer/server/figures';
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
    if (await findCustomerById(tx, shopId, op.clientId)) return op.clientId;
    // Merged since the till copied it: the sale goes to the client kept.
    const kept = await findMergedInto(tx, shopId, op.clientId);
    if (!kept) throw Errors.validation({ clientId: 'Ce client n’existe pas dans la boutique.' });
    return kept;
  }
  if (!op.clientOpId) return null;
  const made = await findOpResult(tx, shopId, op.clientOpId);
  if (!made?.clientId) throw Errors.validation({ clientOpId: 'Ce client n’a pas pu être enregistré.' });
  return made.clientId;
}

/**
 * Whether a sale on credit takes the client's « ardoise » past their credit limit: the limit and
 * what they would owe, or null.
 */
async function creditPastLimit(
  tx: Executor,
  ctx: PosContext,
  clientId: string,
  credit: number,
): Promise<{ limit: number; after: number } | null> {
  const client = await findCustomerById(tx, ctx.membership.shop.id, clientId);
  if (!client || client.creditLimit === null || credit <= 0) return null;
  const after = client.balance + credit;
  return after > client.creditLimit ? { limit: client.creditLimit, after } : null;
}

/**
 * The payments as the server can take them. « Avoir » (store credit) was judged by the till on its
 * copy of the client; spent meanwhile (another till, the back office), the part it no longer
 * covers is not refused — the sale happened — but left owed on the client's « ardoise ».
 */
async function paymentsCovered(tx: Executor, ctx: PosContext, clientId: string | null, op: SaleOp) {
  const wanted = op.payments.reduce((n, p) => n + (p.method === 'store_credit' ? p.amount : 0), 0);
  if (wanted === 0) return { payments: op.payments, uncovered: 0 };
  if (!clientId) throw Errors.validation({ payments: 'Un avoir ne paie que la vente d’un client rattaché.' });
  let left = await lockedStoreCredit(tx, ctx.membership.shop.id, clientId);
  const uncovered = Math.max(0, wanted - left);
  if (uncovered === 0) return { payments: op.payments, uncovered };
  const payments = op.payments.flatMap((p) => {
    if (p.method !== 'store_credit') return [p];
    const amount = Math.min(p.amount, left);
    left -= amount;
    return amount > 0 ? [{ ...p, amount }] : [];
  });
  return { payments, uncovered };
}

/**
 * The cart's figures as the till showed them: items after the discounts' promotions and the line
 * discounts, then the cart discount, then the rounding. A line or a cart past MAX_AMOUNT is refused
 * here, before the payments are weighed against it.
 */
export function cartFigures(op: Pick<SaleOp, 'lines' | 'discount' | 'promotions'>, currency: string) {
  const tooLarge: Record<string, string> = {};
  op.lines.forEach((l, i) => {
    if (l.unitPrice * l.quantity > MAX_AMOUNT)
      tooLarge[`lines.${i}.quantity`] = lineLimitMessage(currency, 'vente');
  });
  if (Object.keys(tooLarge).length) throw Errors.validation(tooLarge);
  const subtotal = op.lines.reduce((n, l) => n + l.unitPrice * l.quantity, 0);
  if (subtotal > MAX_AMOUNT) throw Errors.validation({ lines: totalLimitMessage(currency, 'vente') });
  const adjustments = op.promotions?.adjustments ?? [];
  const promotions = adjustments.filter((a) => a.type !== 'rounding').reduce((n, a) => n + a.amount, 0);
  const rounding = adjustments.filter((a) => a.type === 'rounding').reduce((n, a) => n + a.amount, 0);
  const lineDiscounts = op.lines.reduce((n, l) => n + l.lineDiscount, 0);
  if (lineDiscounts + promotions > subtotal)
    throw Errors.validation({ promotions: 'Les réductions dépassent le montant des articles.' });
  const items = subtotal - lineDiscounts - promotions;
  const discount = !op.discount
    ? 0
    : op.discount.kind === 'percent'
      ? Math.round((items * Math.min(op.discount.value, 100)) / 100)
      : op.discount.value;
  if (op.discount?.kind === 'percent' && op.discount.value > 100)
    throw Errors.validation({ 'discount.value': 'Une remise ne peut pas dépasser 100 %.' });
  if (discount > items)
    throw Errors.validation({ 'discount.value': 'La remise dépasse le montant des articles.' });
  if (rounding > items - discount)
    throw Errors.validation({ promotions: 'L’arrondi dépasse le total de la vente.' });
  return { subtotal, lineDiscounts, promotions, discount, rounding, total: items - discount - rounding };
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
  const discountApprovedBy = await approvalOfDiscounts(tx, ctx, op, figures.discount);
  const sent = op.payments.reduce((n, p) => n + p.amount, 0);
  const { payments, uncovered } = await paymentsCovered(tx, ctx, clientId, op);
  const paid = sent - uncovered;
  const isCredit = op.isCredit || uncovered > 0;
  const overLimit =
    isCredit && clientId ? await creditPastLimit(tx, ctx, clientId, figures.total - paid) : null;
  // Past the client's credit limit, the till asks a manager's PIN: checked here when it came. A
  // sale made without (a till offline that knew an older balance) happened: kept, and said on the
  // order's timeline for the team to follow up.
  const creditApprovedBy =
    overLimit && op.approval
      ? await requireApproval(tx, ctx, op.approval, 'Une vente à crédit au-delà du plafond du client')
      : null;
  const approvedBy = discountApprovedBy ?? creditApprovedBy;
  if (sent > figures.total)
    throw Errors.validation({
      payments: `Les paiements dépassent le total (${formatMoney(figures.total, currency)}).`,
    });
  if (sent < figures.total && !op.isCredit)
    throw Errors.validation({
      payments: `Il manque ${formatMoney(figures.total - sent, currency)} : encaissez le reste ou choisissez le paiement à crédit.`,
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
    internalNote:
      [
        op.note,
        uncovered > 0
          ? `L’avoir du client ne couvrait plus ${formatMoney(uncovered, currency)} de ce paiement à la synchronisation : ce montant reste dû sur son ardoise.`
          : '',
        overLimit && !creditApprovedBy
          ? `Vente à crédit au-delà du plafond du client (${formatMoney(overLimit.limit, currency)}) sans approbation : son ardoise passe à ${formatMoney(overLimit.after, currency)}.`
          : '',
      ]
        .filter(Boolean)
        .join('\n') || undefined,
    payments,
    soldAt,
    localReference: op.localReference ?? null,
    promotions: op.promotions?.adjustments ?? [],
    opId: op.id,
  });
  const { order, shortfalls } = sale;
  await tx.insert(posSales).values({
    orderId: order.id,
    shopId: order.shopId,
    tillId: ctx.till.id,
    sessionId: session.id,
    opId: op.id,
    soldAt,
    // Everything the sale gave off: the cashier's discounts, the shop's promotions, the rounding.
    discount: figures.lineDiscounts + figures.discount + figures.promotions + figures.rounding,
    creditAmount: figures.total - paid,
    changeGiven,
    hasStockConflict: shortfalls.length > 0,
    approvedByUserId: approvedBy,
  });
  if (payments.length)
    await tx.insert(posPayments).values(
      payments.map((p) => ({
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
