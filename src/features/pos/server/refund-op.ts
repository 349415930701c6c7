import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { posPayments, posSales } from '@/server/db/schema/pos';
import { newId } from '@/server/ids';
import { Errors } from '@/server/http/errors';
import { addOrderEvent, findLinesOf, findOrder } from '@/features/order/server/order.repository';
import { refundOrder } from '@/features/order/server/refund-order';
import type { PosOp } from '../pos.schemas';
import { requireApproval } from './approvals';
import { happenedAt, type PosContext } from './pos-context';
import { openSessionOf } from './session-ops';
import { findOpResult } from './op-log';

type RefundOp = Extract<PosOp, { type: 'refund' }>;

/** The till's sale a refund is about: by order id, or by the op that made it on a tablet. */
async function saleOf(tx: Executor, ctx: PosContext, op: RefundOp) {
  const shopId = ctx.membership.shop.id;
  let orderId = op.orderId;
  if (!orderId && op.saleOpId) {
    const sale = await findOpResult(tx, shopId, op.saleOpId);
    orderId = sale?.orderId;
  }
  const order = orderId ? await findOrder(tx, shopId, orderId) : null;
  const [isPos] = order
    ? await tx
        .select({ id: posSales.orderId })
        .from(posSales)
        .where(and(eq(posSales.orderId, order.id)))
    : [];
  if (!order || !isPos) throw Errors.validation({ orderId: 'Cette vente est introuvable dans la caisse.' });
  return order;
}

/**
 * « Rembourser » from the till's history, by line, with a manager's PIN for sellers and cashiers;
 * the orders module's refund does the work (stock back, payment status, timeline), and the money
 * leaves this session's drawer.
 */
export async function refundAtTill(tx: Executor, ctx: PosContext, op: RefundOp) {
  const session = await openSessionOf(tx, ctx, op.sessionId);
  const approvedBy = await requireApproval(tx, ctx, op.approval, 'Un remboursement');
  const order = await saleOf(tx, ctx, op);
  const lines = await findLinesOf(tx, order.id);
  const errors: Record<string, string> = {};
  const wanted = op.lines.map((w, i) => {
    const line = lines.find((l) => (w.lineId ? l.id === w.lineId : l.variantId === w.variantId));
    if (!line) errors[`lines.${i}.variantId`] = 'Cet article n’est pas dans la vente.';
    return { lineId: line?.id ?? '', quantity: w.quantity };
  });
  if (Object.keys(errors).length) throw Errors.validation(errors);

  const refunded = await refundOrder(tx, ctx.membership.shop, ctx.user.id, {
    orderId: order.id,
    lines: wanted,
    amount: op.amount,
    method: op.method,
    restock: op.restock,
    reason: op.reason,
  });
  if (approvedBy !== ctx.user.id)
    await addOrderEvent(tx, order, approvedBy, 'note', {
      note: 'Remboursement approuvé au point de vente (code PIN).',
    });
  const amount = refunded.refundedAmount - order.refundedAmount;
  await tx.insert(posPayments).values({
    id: newId(),
    shopId: order.shopId,
    sessionId: session.id,
    orderId: order.id,
    kind: 'refund',
    method: op.method,
    amount,
    createdAt: happenedAt(op.at),
  });
  return { result: { orderId: order.id, orderNumber: order.number } };
}
