import { expectedCashOf, netCash } from '../../session-cash';
import type { LocalSession, OutboxEntry } from '../offline/types';

/**
 * Cash the ops still waiting in the outbox put in (or take from) the session's drawer: what the
 * server's figure lacks until they are sent.
 */
export function pendingCashDelta(entries: OutboxEntry[], sessionId: string): number {
  let delta = 0;
  for (const { op, status } of entries) {
    if (status !== 'pending' || !('sessionId' in op) || op.sessionId !== sessionId) continue;
    if (op.type === 'sale')
      delta += op.payments.filter((p) => p.method === 'cash').reduce((n, p) => n + p.amount, 0);
    else if (op.type === 'refund' && op.method === 'cash') delta -= op.amount ?? 0;
    else if (op.type === 'cash_movement') delta += op.kind === 'in' ? op.amount : -op.amount;
  }
  return delta;
}

export interface SessionCash {
  /** What the drawer should hold: the session's figure when the server's is known. */
  expected: number;
  /** `expected` counts every tablet of the session (the server's figure), not this one alone. */
  isSessionFigure: boolean;
  /** Net cash this tablet recorded in the session (sales − refunds + in − out). */
  thisTablet: number;
}

/**
 * The one expected-cash figure of a session. The server's (every tablet's ops it has) plus what
 * this tablet has not sent yet; without it (offline since the page opened), this tablet's own
 * records, said as such: a second tablet's sales are in no local record.
 */
export function sessionCash(
  session: LocalSession,
  serverExpected: number | null,
  pendingDelta: number,
): SessionCash {
  const thisTablet = netCash(session);
  if (serverExpected === null)
    return { expected: expectedCashOf(session.openingFloat, session), isSessionFigure: false, thisTablet };
  return { expected: serverExpected + pendingDelta, isSessionFigure: true, thisTablet };
}
