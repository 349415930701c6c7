import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { cashMovements, cashSessions } from '@/server/db/schema/pos';
import { Errors } from '@/server/http/errors';
import { isUniqueViolation } from '@/server/db/pg-errors';
import { FCFA_DENOMINATIONS, type PosOp } from '../pos.schemas';
import { happenedAt, type PosContext } from './pos-context';
import type { CashSessionRow } from './tills';
import { computeZReport } from './z-report';

type OpOf<T extends PosOp['type']> = Extract<PosOp, { type: T }>;

export async function findSession(
  db: Executor,
  shopId: string,
  sessionId: string,
): Promise<CashSessionRow | null> {
  const [row] = await db
    .select()
    .from(cashSessions)
    .where(and(eq(cashSessions.shopId, shopId), eq(cashSessions.id, sessionId)));
  return row ?? null;
}

/** The open session of this till an op acts in: no sale, movement or refund outside one. */
export async function openSessionOf(
  tx: Executor,
  ctx: PosContext,
  sessionId: string,
): Promise<CashSessionRow> {
  const session = await findSession(tx, ctx.membership.shop.id, sessionId);
  if (!session || session.tillId !== ctx.till.id)
    throw Errors.validation({ sessionId: 'Cette session de caisse est introuvable sur cette caisse.' });
  if (session.status !== 'open') throw Errors.conflict('Cette session de caisse est fermée.');
  return session;
}

export async function openSession(tx: Executor, ctx: PosContext, op: OpOf<'open_session'>) {
  if (op.tillId !== ctx.till.id)
    throw Errors.validation({ tillId: 'Cette opération vient d’une autre caisse.' });
  if (!ctx.till.isActive) throw Errors.conflict(`La caisse « ${ctx.till.name} » n’est plus en service.`);
  try {
    // A savepoint: a refused insert must not spoil the op's transaction.
    await tx.transaction(async (sp) => {
      await sp.insert(cashSessions).values({
        id: op.sessionId,
        shopId: ctx.membership.shop.id,
        tillId: ctx.till.id,
        openedAt: happenedAt(op.at),
        openedByUserId: ctx.user.id,
        openingFloat: op.openingFloat,
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw Errors.conflict(`La caisse « ${ctx.till.name} » a déjà une session ouverte.`);
  }
  return { result: {} };
}

export async function moveCash(tx: Executor, ctx: PosContext, op: OpOf<'cash_movement'>) {
  const session = await openSessionOf(tx, ctx, op.sessionId);
  await tx.insert(cashMovements).values({
    id: op.id,
    shopId: session.shopId,
    sessionId: session.id,
    kind: op.kind,
    amount: op.amount,
    reason: op.reason,
    userId: ctx.user.id,
    createdAt: happenedAt(op.at),
  });
  return { result: {} };
}

/** The drawer's count: notes and coins times their value, or the total typed for other currencies. */
export function countedCashOf(op: Pick<OpOf<'close_session'>, 'denominations' | 'countedCash'>): number {
  const byValue = Object.entries(op.denominations);
  if (byValue.length === 0) return op.countedCash ?? 0;
  const errors: Record<string, string> = {};
  let total = 0;
  for (const [value, count] of byValue) {
    if (!(FCFA_DENOMINATIONS as readonly number[]).includes(Number(value)))
      errors[`denominations.${value}`] = `${value} n’est pas une coupure en FCFA.`;
    total += Number(value) * count;
  }
  if (Object.keys(errors).length) throw Errors.validation(errors);
  return total;
}

/** Closing: the count, what was expected, the variance, and the Z report kept as printed. */
export async function closeSession(tx: Executor, ctx: PosContext, op: OpOf<'close_session'>) {
  const session = await openSessionOf(tx, ctx, op.sessionId);
  const counted = countedCashOf(op);
  const closedAt = happenedAt(op.at);
  const closing = {
    ...session,
    status: 'closed',
    closedAt,
    closedByUserId: ctx.user.id,
    countedCash: counted,
    denominations: op.denominations,
    note: op.note,
  };
  const report = await computeZReport(tx, closing, ctx.membership.shop.currency, ctx.till.name);
  await tx
    .update(cashSessions)
    .set({
      status: 'closed',
      closedAt,
      closedByUserId: ctx.user.id,
      countedCash: counted,
      expectedCash: report.expectedCash,
      denominations: op.denominations,
      note: op.note,
      zReport: report as unknown as Record<string, unknown>,
    })
    .where(eq(cashSessions.id, session.id));
  return { result: {} };
}
