import { formatMoney } from '@/shared/money';
import type { PosOp } from '../../pos.schemas';
import { commitOp } from './outbox';
import { entryOf, newOpId, now, type TillActor } from './till-ops';
import type { LocalSession } from './types';

/* Cash in and out, and the session's close: written from the session screen (loaded lazily). */

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
