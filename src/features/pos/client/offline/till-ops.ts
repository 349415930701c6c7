import { formatMoney } from '@/shared/money';
import { frenchTypography as fr } from '@/shared/typography';
import type { PosOp, PosPaymentMethod } from '../../pos.schemas';
import { expectedCashOf } from '../../session-cash';
import type { Cart } from '../cart/cart-state';
import { cartTotals, lineTotal, paymentState, type PaymentDraft } from '../cart/cart-math';
import { localReferenceOf, localTicketLabel } from '@/shared/local-reference';
import { metaKey, readMeta, ticketSeries } from './db';
import { commitOp } from './outbox';
import type { LocalSale, LocalSession, ReceiptLine, StockDelta, StoredClient } from './types';

/** Who does what where: every op of the till carries it. */
export interface TillActor {
  shopId: string;
  userId: string;
  tillId: string;
  tillName: string;
  cashierName: string;
  currency: string;
}

/** Ids made on the tablet; randomUUID needs a secure context, which a LAN address may not be. */
export function newOpId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const now = () => new Date().toISOString();

function entryOf(actor: TillActor, op: PosOp, summary: string, stock: StockDelta[] = []) {
  return {
    shopId: actor.shopId,
    tillId: actor.tillId,
    userId: actor.userId,
    op,
    summary: fr(summary),
    stock,
  };
}

export async function openSession(actor: TillActor, openingFloat: number): Promise<LocalSession> {
  const op: PosOp = {
    id: newOpId(),
    at: now(),
    type: 'open_session',
    sessionId: newOpId(),
    tillId: actor.tillId,
    openingFloat,
  };
  const session: LocalSession = {
    id: op.sessionId,
    shopId: actor.shopId,
    tillId: actor.tillId,
    tillName: actor.tillName,
    openedAt: op.at,
    openedByName: actor.cashierName,
    openingFloat,
    status: 'open',
    cashSales: 0,
    cashRefunds: 0,
    cashIn: 0,
    cashOut: 0,
    salesCount: 0,
    closedAt: null,
    countedCash: null,
  };
  const summary = `Ouverture de ${actor.tillName}, fond de caisse ${formatMoney(openingFloat, actor.currency)}`;
  await commitOp({ entry: entryOf(actor, op, summary), session });
  return session;
}

export async function moveCash(
  actor: TillActor,
  session: LocalSession,
  kind: 'in' | 'out',
  amount: number,
  reason: string,
): Promise<LocalSession> {
  const op: PosOp = {
    id: newOpId(),
    at: now(),
    type: 'cash_movement',
    sessionId: session.id,
    kind,
    amount,
    reason,
  };
  const updated: LocalSession =
    kind === 'in'
      ? { ...session, cashIn: session.cashIn + amount }
      : { ...session, cashOut: session.cashOut + amount };
  const label = kind === 'in' ? 'Entrée d’espèces' : 'Sortie d’espèces';
  await commitOp({
    entry: entryOf(actor, op, `${label} : ${formatMoney(amount, actor.currency)} (${reason})`),
    session: updated,
  });
  return updated;
}

/**
 * What the drawer should hold by this tablet's records alone: another tablet's sales in the same
 * session are not in them. Screens show the session's figure (`useSessionCash`).
 */
export function expectedCash(session: LocalSession): number {
  return expectedCashOf(session.openingFloat, session);
}

export async function closeSession(
  actor: TillActor,
  session: LocalSession,
  count: { denominations: Record<string, number>; countedCash: number; note: string },
): Promise<LocalSession> {
  const op: PosOp = {
    id: newOpId(),
    at: now(),
    type: 'close_session',
    sessionId: session.id,
    denominations: count.denominations,
    countedCash: count.countedCash,
    note: count.note,
  };
  const closed: LocalSession = {
    ...session,
    status: 'closed',
    closedAt: op.at,
    countedCash: count.countedCash,
  };
  const summary = `Clôture de ${session.tillName}, ${formatMoney(count.countedCash, actor.currency)} comptés`;
  await commitOp({ entry: entryOf(actor, op, summary), session: closed });
  return closed;
}

export async function createClient(actor: TillActor, name: string, phone: string): Promise<StoredClient> {
  const op: PosOp = {
    id: newOpId(),
    at: now(),
    type: 'client',
    client: { name: name.trim(), ...(phone.trim() ? { phone: phone.trim() } : {}), addresses: [] },
  };
  const client: StoredClient = {
    key: `${actor.shopId}:${op.id}`,
    shopId: actor.shopId,
    id: null,
    opId: op.id,
    name: name.trim(),
    phone: phone.trim() || null,
  };
  await commitOp({ entry: entryOf(actor, op, `Nouveau client : ${client.name}`), client });
  return client;
}

export interface SaleInput {
  cart: Cart;
  payments: PaymentDraft[];
  isCredit: boolean;
  approvalPin: string | null;
  session: LocalSession;
}

export async function recordSale(
  actor: TillActor,
  input: SaleInput,
): Promise<{ sale: LocalSale; session: LocalSession }> {
  const { cart, payments, session } = input;
  const totals = cartTotals(cart);
  const { change, remaining } = paymentState(totals.total, payments);
  const ticketNumber = ((await readMeta<number>(metaKey.ticketSeq(actor.shopId, actor.tillId))) ?? 0) + 1;
  const localReference = localReferenceOf(await ticketSeries(actor.shopId, actor.tillId), ticketNumber);
  const op: PosOp = {
    id: newOpId(),
    at: now(),
    type: 'sale',
    sessionId: session.id,
    lines: cart.lines.map((l) => ({
      variantId: l.variantId,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      lineDiscount: l.lineDiscount,
    })),
    // An amount above what the lines leave (lines removed after the discount) counts as all of it,
    // as the till showed it; the server refuses a discount larger than the items.
    discount:
      cart.discount?.kind === 'amount'
        ? { kind: 'amount', value: Math.min(cart.discount.value, totals.gross - totals.lineDiscountTotal) }
        : cart.discount,
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
  const lines: ReceiptLine[] = cart.lines.map((l) => ({
    productId: l.productId,
    variantId: l.variantId,
    productName: l.productName,
    variantName: l.variantName,
    sku: l.sku,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    lineDiscount: l.lineDiscount,
    total: lineTotal(l),
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
    lineDiscountTotal: totals.lineDiscountTotal,
    cartDiscount: totals.cartDiscount,
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

export interface RefundInput {
  session: LocalSession;
  /** The sale: its order on the server, or its op when this tablet made it. */
  orderId: string | null;
  saleOpId: string | null;
  lines: Array<{ lineId?: string; productId: string; variantId: string; quantity: number }>;
  method: PosPaymentMethod;
  amount: number;
  restock: boolean;
  reason: string;
  approvalPin: string | null;
  /** The local sale, to note the refund on its receipt. */
  localSale: LocalSale | null;
  label: string;
}

export async function recordRefund(actor: TillActor, input: RefundInput): Promise<LocalSession> {
  const op: PosOp = {
    id: newOpId(),
    at: now(),
    type: 'refund',
    sessionId: input.session.id,
    ...(input.orderId ? { orderId: input.orderId } : input.saleOpId ? { saleOpId: input.saleOpId } : {}),
    lines: input.lines.map((l) => ({
      ...(l.lineId ? { lineId: l.lineId } : {}),
      variantId: l.variantId,
      quantity: l.quantity,
    })),
    method: input.method,
    amount: input.amount,
    restock: input.restock,
    reason: input.reason.trim(),
    ...(input.approvalPin ? { approval: { pin: input.approvalPin } } : {}),
  };
  const session =
    input.method === 'cash'
      ? { ...input.session, cashRefunds: input.session.cashRefunds + input.amount }
      : input.session;
  const sale = input.localSale
    ? {
        ...input.localSale,
        refunds: [
          ...input.localSale.refunds,
          {
            opId: op.id,
            at: op.at,
            amount: input.amount,
            method: input.method,
            lines: input.lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity })),
          },
        ],
      }
    : undefined;
  const stock = input.restock
    ? input.lines.map((l) => ({ productId: l.productId, variantId: l.variantId, delta: l.quantity }))
    : [];
  const summary = `Remboursement, ${input.label} : ${formatMoney(input.amount, actor.currency)}`;
  await commitOp({ entry: entryOf(actor, op, summary, stock), session, sale });
  return session;
}
