import type { Database, Executor } from '@/server/db';
import { posOps } from '@/server/db/schema/pos';
import { AppError } from '@/server/http/errors';
import { getLogger } from '@/server/logger';
import { isUniqueViolation } from '@/server/db/pg-errors';
import { frenchTypography } from '@/shared/typography';
import { findOrCreateCustomer } from '@/features/customer/server/customers';
import type { OpResult, PosOp } from '../pos.schemas';
import { assertPlausibleOpDate, happenedAt, type PosContext } from './pos-context';
import { closeSession, moveCash, openSession } from './session-ops';
import { sellAtTill } from './sale-op';
import { refundAtTill } from './refund-op';
import { findOpResult } from './op-log';

type Applied = { result: Omit<OpResult, 'id' | 'status'>; after?: () => Promise<void> };
type Apply = (tx: Executor, ctx: PosContext, op: PosOp) => Promise<Applied>;

const APPLY: Record<PosOp['type'], Apply> = {
  open_session: (tx, ctx, op) => openSession(tx, ctx, op as Extract<PosOp, { type: 'open_session' }>),
  cash_movement: (tx, ctx, op) => moveCash(tx, ctx, op as Extract<PosOp, { type: 'cash_movement' }>),
  close_session: (tx, ctx, op) => closeSession(tx, ctx, op as Extract<PosOp, { type: 'close_session' }>),
  client: async (tx, ctx, op) => {
    const { client } = op as Extract<PosOp, { type: 'client' }>;
    const row = await findOrCreateCustomer(tx, ctx.membership.shop, client, 'client.');
    return { result: { clientId: row.id } };
  },
  sale: (tx, ctx, op) => sellAtTill(tx, ctx, op as Extract<PosOp, { type: 'sale' }>),
  refund: (tx, ctx, op) => refundAtTill(tx, ctx, op as Extract<PosOp, { type: 'refund' }>),
};

function logOp(ctx: PosContext, op: PosOp, result: Record<string, unknown>) {
  return {
    shopId: ctx.membership.shop.id,
    id: op.id,
    tillId: ctx.till.id,
    type: op.type,
    userId: ctx.user.id,
    result,
    happenedAt: happenedAt(op.at),
  };
}

/** An op seen before: applied ones answer `duplicate` with what they made, rejected ones stay rejected. */
function answerAgain(id: string, earlier: Omit<OpResult, 'id'>): OpResult {
  return { ...earlier, id, status: earlier.status === 'rejected' ? 'rejected' : 'duplicate' };
}

/**
 * One op, exactly once: applied with its log row in one transaction, or answered from the log. An
 * op seen before is not looked up first (most ops are new): its log row's key refuses the second
 * attempt, which then rolls back and answers what the first one got.
 */
async function applyOnce(db: Database, ctx: PosContext, op: PosOp): Promise<OpResult> {
  const shopId = ctx.membership.shop.id;
  try {
    const applied = await db.transaction(async (tx) => {
      assertPlausibleOpDate(op.at);
      const done = await APPLY[op.type](tx, ctx, op);
      await tx.insert(posOps).values(logOp(ctx, op, { status: 'applied', ...done.result }));
      return done;
    });
    // The shop is told after the answer: the till waits for its number, not for the bell.
    if (applied.after)
      void applied
        .after()
        .catch((error: unknown) => getLogger().error({ err: error, opId: op.id }, 'till op notice failed'));
    return { ...applied.result, id: op.id, status: 'applied' };
  } catch (error) {
    // Seen before, or the same op sent twice at once (two tabs, a retry racing the first).
    if (isUniqueViolation(error)) {
      const raced = await findOpResult(db, shopId, op.id);
      if (raced) return answerAgain(op.id, raced);
    }
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    // Refused for good (bad data, a closed session…): logged, so a resend is refused the same way
    // and nothing behind it waits on it forever.
    const rejected = {
      status: 'rejected' as const,
      error: {
        message: frenchTypography(error.message),
        ...(error.details && {
          details: Object.fromEntries(
            Object.entries(error.details).map(([k, v]) => [k, frenchTypography(v)]),
          ),
        }),
      },
    };
    const [logged] = await db
      .insert(posOps)
      .values(logOp(ctx, op, rejected))
      .onConflictDoNothing()
      .returning({ id: posOps.id });
    if (!logged) {
      const earlier = await findOpResult(db, shopId, op.id);
      if (earlier) return answerAgain(op.id, earlier);
    }
    return { id: op.id, ...rejected };
  }
}

/**
 * The till's outbox, in the order the tablet wrote it. An op the server cannot apply now (the
 * database gone away) stops the batch: it and those after it get no answer and are sent again.
 */
export async function syncOps(db: Database, ctx: PosContext, ops: PosOp[]): Promise<OpResult[]> {
  const results: OpResult[] = [];
  for (const op of ops) {
    try {
      results.push(await applyOnce(db, ctx, op));
    } catch (error) {
      getLogger().error({ err: error, opId: op.id, type: op.type }, 'till op failed; the rest waits');
      if (results.length === 0) throw error;
      break;
    }
  }
  return results;
}
