import type { Database } from '@/server/db';
import { getLogger } from '@/server/logger';
import { rollUpAll } from './roll-up';

/** How often the server rolls up the orders written meanwhile (reports also do it on read). */
const ROUND_MS = 5_000;

/**
 * Keeps the roll-ups close behind the orders, so a report rarely has any left to do. Answers the
 * function that stops it.
 */
export function startStatsRollUp(db: Database): () => void {
  let isRunning = false;
  const timer = setInterval(() => {
    if (isRunning) return;
    isRunning = true;
    rollUpAll(db)
      .catch((error: unknown) => getLogger().warn({ err: error }, 'statistiques : roll-up en échec'))
      .finally(() => {
        isRunning = false;
      });
  }, ROUND_MS);
  timer.unref();
  return () => clearInterval(timer);
}
