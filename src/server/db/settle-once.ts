import { Errors } from '../http/errors';
import type { Database, Transaction } from './client';

/**
 * Marks something dealt with once — an offline sale's stock or loyalty conflict. `settle` updates
 * the row only while it is still open, in one transaction, and says whether it did; when it did
 * not, `exists` tells a second settlement (409, « déjà résolu ») from an unknown or another shop's
 * id (404 naming `what`).
 */
export async function settleConflictOnce(
  db: Database,
  what: string,
  settle: (tx: Transaction) => Promise<boolean>,
  exists: () => Promise<boolean>,
): Promise<void> {
  if (await db.transaction(settle)) return;
  throw (await exists()) ? Errors.conflict('Ce conflit est déjà résolu.') : Errors.notFound(what);
}
