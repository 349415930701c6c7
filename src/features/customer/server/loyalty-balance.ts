import { sql, type SQL } from 'drizzle-orm';
import { executePrepared, type Executor } from '@/server/db';

/*
 * A client's loyalty points are kept on their row, so the tills' copy of the clients (which follows
 * `updated_at`) carries them offline. The ledger is the loyalty module's; these statements only
 * move the figure it sums to.
 */

/**
 * The statement adding to clients' points what `moved` holds for them (a relation with `client_id`
 * and `points`: the entries a data-modifying CTE just wrote), in the caller's statement. Returns
 * each changed client's `id` and `loyalty_points`.
 */
export function clientPointsUpdate(shopId: string, moved: SQL): SQL {
  return sql`update clients c set loyalty_points = c.loyalty_points + m.points, updated_at = now()
    from (select client_id, sum(points)::int as points from ${moved} group by client_id) m
    where c.shop_id = ${shopId} and c.id = m.client_id and m.points <> 0
    returning c.id, c.loyalty_points`;
}

/** The points a client holds, their row locked until the caller's transaction ends. */
export async function lockedLoyaltyPoints(
  tx: Executor,
  shopId: string,
  clientId: string,
): Promise<number | null> {
  const [row] = await executePrepared<{ loyalty_points: number }>(
    tx,
    sql`select loyalty_points from clients where shop_id = ${shopId} and id = ${clientId} for update`,
  );
  return row ? Number(row.loyalty_points) : null;
}

/** How many clients hold points, and how many in all (read from the partial index of holders). */
export async function pointsHeld(db: Executor, shopId: string): Promise<{ members: number; points: number }> {
  const [row] = await executePrepared<{ members: number; points: number }>(
    db,
    sql`select count(*)::int as members, coalesce(sum(loyalty_points), 0)::bigint as points
      from clients where shop_id = ${shopId} and loyalty_points <> 0 and loyalty_points > 0`,
  );
  return { members: Number(row?.members ?? 0), points: Number(row?.points ?? 0) };
}

/** A merge: the duplicates' points go to the client kept. */
export async function movePointsBalance(
  tx: Executor,
  shopId: string,
  fromIds: readonly string[],
  toId: string,
): Promise<void> {
  if (!fromIds.length) return;
  const from = sql.join(
    fromIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await executePrepared(
    tx,
    // RETURNING would give the values after the update: what is held is read beside it.
    sql`with held as (
        select ${toId}::text as client_id, loyalty_points as points from clients
        where shop_id = ${shopId} and id in (${from}) and loyalty_points <> 0
      ), emptied as (
        update clients set loyalty_points = 0, updated_at = now()
        where shop_id = ${shopId} and id in (${from}) and loyalty_points <> 0
      )
      ${clientPointsUpdate(shopId, sql`held`)}`,
  );
}
