import type { CashSession, Till } from '../../pos.schemas';
import type { LocalSession } from '../offline/types';

/** A session opened on another tablet (or before this one kept records) as this tablet sees it. */
export function sessionFromServer(shopId: string, session: CashSession): LocalSession {
  return {
    id: session.id,
    shopId,
    tillId: session.tillId,
    tillName: session.tillName,
    openedAt: session.openedAt,
    openedByName: session.openedBy?.name ?? '',
    openingFloat: session.openingFloat,
    status: 'open',
    cashSales: 0,
    cashRefunds: 0,
    cashIn: 0,
    cashOut: 0,
    salesCount: 0,
    closedAt: null,
    countedCash: null,
  };
}

/**
 * The session to sell in, between this tablet's record and the server's word. Ops of this
 * session still waiting to be sent make the tablet's record the truth (the server will hear of
 * them); otherwise the server knows best: a session closed or opened on another tablet. Only a
 * till list just fetched may close the tablet's session: the one kept from the last visit can
 * predate its opening, and believing it would stop an offline till from selling. A session the
 * server closed is kept as closed, counters and all, not forgotten.
 */
export function reconcileSession(
  shopId: string,
  local: LocalSession | null,
  till: Till | undefined,
  hasPendingOps: boolean,
  isFresh: boolean,
): LocalSession | null {
  if (!till) return local;
  if (local && hasPendingOps) return local;
  const remote = till.openSession;
  if (!remote || remote.status !== 'open') {
    if (local?.status !== 'open' || !isFresh) return local;
    return { ...local, status: 'closed' };
  }
  if (local && local.id === remote.id) return local.status === 'open' ? local : { ...local, status: 'open' };
  return sessionFromServer(shopId, remote);
}
