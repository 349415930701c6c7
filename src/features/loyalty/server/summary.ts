import { sql } from 'drizzle-orm';
import { executePrepared, type Executor } from '@/server/db';
import { pointsHeld } from '@/features/customer/server/loyalty-balance';
import { pointsWorth } from '../loyalty.constants';
import { countOpenLoyaltyConflicts } from './conflicts';
import { findProgramRow } from './program';

/** The programme at a glance: who holds points, what they are worth, the last 30 days' moves. */
export async function loyaltySummary(db: Executor, shopId: string, now = new Date()) {
  const since = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const held = await pointsHeld(db, shopId);
  const [moved] = await executePrepared<{ earned: number; redeemed: number; expired: number }>(
    db,
    sql`select coalesce(sum(points) filter (where kind = 'earn'), 0)::int as earned,
        coalesce(-sum(points) filter (where kind = 'redeem'), 0)::int as redeemed,
        coalesce(-sum(points) filter (where kind = 'expire'), 0)::int as expired
      from loyalty_entries where shop_id = ${shopId} and created_at >= ${since}::timestamptz`,
  );
  const program = await findProgramRow(db, shopId);
  const outstanding = held.points;
  return {
    members: held.members,
    outstandingPoints: outstanding,
    outstandingValue: program ? pointsWorth(outstanding, program.pointValue) : 0,
    earned30d: Number(moved?.earned ?? 0),
    redeemed30d: Number(moved?.redeemed ?? 0),
    expired30d: Number(moved?.expired ?? 0),
    openConflicts: await countOpenLoyaltyConflicts(db, shopId),
  };
}
