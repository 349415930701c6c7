import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { executePrepared, getDb, type Database, type Executor } from '@/server/db';
import { loyaltyPrograms } from '@/server/db/schema/loyalty';
import { defineJob } from '@/server/jobs/job';
import { getLogger } from '@/server/logger';
import { dayjs } from '@/shared/dayjs';
import { writeEntries } from './ledger';
import { findProgramRow } from './program';

const BATCH = 500;

/**
 * What expires now for each client: the points earned before the cut-off not spent since. Points
 * are spent oldest first, so of those earned before the cut-off, what every debit so far (spent,
 * taken back, expired already) has not used up is what is left of them — never more than the
 * balance.
 */
export async function pointsDueToExpire(
  db: Executor,
  shopId: string,
  cutoff: Date,
): Promise<Array<{ clientId: string; points: number }>> {
  const rows = await executePrepared<{ client_id: string; expiring: number }>(
    db,
    sql`select client_id, least(old_earned - spent, balance)::int as expiring from (
        select client_id,
          coalesce(sum(points) filter (where kind = 'earn' and points > 0 and created_at < ${cutoff.toISOString()}::timestamptz), 0) as old_earned,
          coalesce(-sum(points) filter (where points < 0), 0) as spent,
          sum(points) as balance
        from loyalty_entries where shop_id = ${shopId}
        group by client_id
        having sum(points) > 0
      ) held
      where least(old_earned - spent, balance) > 0`,
  );
  return rows.map((r) => ({ clientId: r.client_id, points: Number(r.expiring) }));
}

/** Writes the shop's expirations as of `now`, a batch of clients per transaction. */
export async function expireShopPoints(db: Database, shopId: string, now = new Date()): Promise<number> {
  const program = await findProgramRow(db, shopId);
  if (!program?.isEnabled || program.expiryMonths === null) return 0;
  const cutoff = dayjs(now).subtract(program.expiryMonths, 'month').toDate();
  const due = await pointsDueToExpire(db, shopId, cutoff);
  for (let i = 0; i < due.length; i += BATCH) {
    const batch = due.slice(i, i + BATCH);
    await db.transaction(async (tx) => {
      // Settled again inside, in case a sale spent some meanwhile: what is due is read afresh.
      const fresh = new Map((await pointsDueToExpire(tx, shopId, cutoff)).map((d) => [d.clientId, d.points]));
      await writeEntries(
        tx,
        shopId,
        batch.flatMap((d) => {
          const points = fresh.get(d.clientId);
          return points
            ? [
                {
                  clientId: d.clientId,
                  kind: 'expire' as const,
                  points: -points,
                  note: `Points gagnés avant le ${dayjs(cutoff).format('DD/MM/YYYY')}`,
                },
              ]
            : [];
        }),
      );
    });
  }
  return due.reduce((n, d) => n + d.points, 0);
}

/** Every night, the points past the programme's validity expire, shop after shop. */
export const pointsExpiryJob = defineJob<Record<string, never>>({
  name: 'loyalty.expire',
  label: 'Expiration des points de fidélité (chaque nuit)',
  cron: '20 3 * * *',
  retryLimit: 1,
  async run() {
    const db = getDb();
    const shops = await db
      .select({ shopId: loyaltyPrograms.shopId })
      .from(loyaltyPrograms)
      .where(and(eq(loyaltyPrograms.isEnabled, true), isNotNull(loyaltyPrograms.expiryMonths)));
    for (const { shopId } of shops) {
      const expired = await expireShopPoints(db, shopId);
      if (expired) getLogger().info({ shopId, expired }, 'loyalty points expired');
    }
  },
});
