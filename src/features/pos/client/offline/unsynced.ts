import { openPosDb } from './db';

/**
 * True while the till still holds sales, refunds, clients or cash movements the server has not
 * received. The shell refuses to sign out then: the next user could not send them.
 */
export async function hasUnsyncedPosOps(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  try {
    const db = await openPosDb();
    return (await db.countFromIndex('outbox', 'status', 'pending')) > 0;
  } catch {
    // No IndexedDB (private mode, old browser): nothing can be waiting in it.
    return false;
  }
}
