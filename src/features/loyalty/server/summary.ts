import { sql } from 'drizzle-orm';
import { executePrepared, type Executor } from '@/server/db';
import { pointsWorth } from '../loyalty.constants';
import { countOpenLoyaltyConflicts } from './conflicts';
import { findProgramRow } from './program';

/** The programme at a glance: who holds points, what they are worth, the last 30 days' moves. */
export async function loyaltySummary(db: Executor, shopId: string, now = new Date()) {
  const since = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const [held] = await executePrepared<{ members: number; points: number }>(
    db,
    sql`select count(*) filter (where balance > 0)::int as members,
        coalesce(sum(balance) filter (where balance > 0), 0)::int as points
      from (select sum(points) as balance from loyalty_entries where shop_id = ${shopId} group by client_id) b`,
  );
  const [moved] = await executePrepared<{ earned: number; redeemed: number; expired: number }>(
    db,
    sql`select coalesce(sum(points) filter (where kind = 'earn'), 0)::int as earned,
        coalesce(-sum(points) filter (where kind = 'redeem'), 0)::int as redeemed,
        coalesce(-sum(points) filter (where kind = 'expire'), 0)::int as expired
      from loyalty_entries where shop_id = ${shopId} and created_at >= ${since}::timestamptz`,
  );
  const program = await findProgramRow(db, shopId);
  const outstanding = Number(held?.points ?? 0);
  return {
    members: Number(held?.members ?? 0),
    outstandingPoints: outstanding,
    outstandingValue: program ? pointsWorth(outstanding, program.pointValue) : 0,
    earned30d: Number(moved?.earned ?? 0),
    redeemed30d: Number(moved?.redeemed ?? 0),
    expired30d: Number(moved?.expired ?? 0),
    openConflicts: await countOpenLoyaltyConflicts(db, shopId),
  };
}
