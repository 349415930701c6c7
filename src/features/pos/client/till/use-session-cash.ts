import { useEffect, useState } from 'react';
import { listOutbox } from '../offline/outbox';
import type { LocalSession } from '../offline/types';
import { useListTillsQuery } from '../pos.api';
import { pendingCashDelta, sessionCash, type SessionCash } from './session-cash';
import { useTill } from './TillProvider';

/**
 * The session's expected cash for every place the till shows it (the session's figures, the
 * closing count): the server's running figure from the till list, asked again after each sync,
 * plus this tablet's ops not sent yet. Offline, the last answer stays (RTK keeps it on error).
 */
export function useSessionCash(session: LocalSession): SessionCash {
  const { shopId, syncState, salesVersion } = useTill();
  const { data, refetch } = useListTillsQuery({ shopId });
  const [pending, setPending] = useState(0);
  useEffect(() => {
    if (syncState.lastSyncedAt) void refetch();
  }, [syncState.lastSyncedAt, refetch]);
  useEffect(() => {
    let isCurrent = true;
    void listOutbox(shopId).then((entries) => {
      if (isCurrent) setPending(pendingCashDelta(entries, session.id));
    });
    return () => {
      isCurrent = false;
    };
  }, [shopId, session, salesVersion, syncState.pending]);
  const remote = data?.items.find((t) => t.id === session.tillId)?.openSession;
  const serverExpected = remote?.id === session.id ? remote.expectedCash : null;
  return sessionCash(session, serverExpected, pending);
}
