import { formatMoney } from '@/shared/money';
import type { PosOp, PosPaymentMethod } from '../../pos.schemas';
import { commitOp } from './outbox';
import { entryOf, newOpId, now, type TillActor } from './till-ops';
import type { LocalSale, LocalSession } from './types';

/* The refund op, written with the refund dialog (loaded lazily, as this file). */

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
