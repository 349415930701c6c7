import { inArray, sql } from 'drizzle-orm';
import { executePrepared, type Database, type Executor } from '@/server/db';
import { statsOrderFacts } from '@/server/db/schema/stats';
import { orderFacts } from '@/features/order/server/order-facts';
import { getLogger } from '@/server/logger';
import { getShopById } from '@/features/shop/server/shop.repository';
import {
  contributionOf,
  difference,
  MEASURES,
  packContribution,
  ROLL_UPS,
  SEP,
  shopWide,
  unpackContribution,
  type Contribution,
  type PackedContribution,
  type RollUp,
} from './contributions';
import { addCategoryDeltas, moveRecategorizedProducts } from './category-roll-up';

/** Orders taken from the queue per transaction: a big backlog moves in steps that each commit. */
const BATCH = 500;

/**
 * The queue's rows are deleted as fast as they come: every this many, its dead rows are vacuumed
 * away (and its statistics renewed). The embedded PGlite has no autovacuum: a probe of the queue
 * emptied of 200 000 rows took twice as long as on a vacuumed one, and would only grow.
 */
const VACUUM_AFTER = 5_000;
let movedSinceVacuum = 0;

/**
 * Rolls up the orders of `shopId` written since the last roll-up, until none is left; answers how
 * many. One shop's roll-ups are moved by one caller at a time (a transaction-scoped advisory
 * lock): a report and the background round never count an order's change twice.
 */
export async function rollUpShop(db: Database, shopId: string): Promise<number> {
  // Most reads find nothing waiting: one probe, no transaction, no lock for the others to queue on.
  const [waiting] = await executePrepared(
    db,
    sql`select 1 as one from stats_dirty_orders where shop_id = ${shopId}
      union all select 1 from stats_dirty_products where shop_id = ${shopId} limit 1`,
  );
  if (!waiting) return 0;
  let done = 0;
  for (;;) {
    const moved = await db.transaction(async (tx) => {
      await executePrepared(tx, sql`select pg_advisory_xact_lock(hashtext(${`stats:${shopId}`}))`);
      await moveRecategorizedProducts(tx, shopId);
      const taken = await executePrepared<{ order_id: string }>(
        tx,
        sql`delete from stats_dirty_orders where shop_id = ${shopId} and order_id in (
            select order_id from stats_dirty_orders where shop_id = ${shopId} limit ${BATCH})
          returning order_id`,
      );
      if (taken.length === 0) return 0;
      const ids = taken.map((r) => r.order_id);
      try {
        await tx.transaction((batch) => rollUpOrders(batch, shopId, ids));
      } catch {
        // An order the roll-ups cannot hold (stored past the amounts' bounds before they existed)
        // must not stop the shop's statistics: each is tried alone, one that fails is left out.
        for (const id of ids) {
          try {
            await tx.transaction((one) => rollUpOrders(one, shopId, [id]));
          } catch (error) {
            getLogger().warn({ err: error, shopId, orderId: id }, 'statistiques : commande laissée de côté');
          }
        }
      }
      return taken.length;
    });
    done += moved;
    movedSinceVacuum += moved;
    if (moved < BATCH) break;
  }
  if (movedSinceVacuum >= VACUUM_AFTER) {
    movedSinceVacuum = 0;
    await db.execute(sql`vacuum analyze stats_dirty_orders`);
  }
  return done;
}

/** Every shop with orders waiting (the background round); answers how many orders were rolled up. */
export async function rollUpAll(db: Database): Promise<number> {
  const shops = await executePrepared<{ shop_id: string }>(
    db,
    sql`select shop_id from stats_dirty_orders union select shop_id from stats_dirty_products limit 100`,
  );
  let done = 0;
  for (const { shop_id } of shops) done += await rollUpShop(db, shop_id);
  return done;
}

async function rollUpOrders(tx: Executor, shopId: string, orderIds: string[]): Promise<void> {
  const shop = await getShopById(tx, shopId);
  const timeZone = shop?.timeZone ?? 'Africa/Dakar';
  const facts = await orderFacts(tx, orderIds);
  const before = new Map(
    (
      await tx
        .select({ orderId: statsOrderFacts.orderId, rows: statsOrderFacts.rows })
        .from(statsOrderFacts)
        .where(inArray(statsOrderFacts.orderId, orderIds))
    ).map((r) => [r.orderId, unpackContribution(r.rows)]),
  );
  const total: Contribution = {};
  const kept: Array<{ orderId: string; rows: PackedContribution }> = [];
  const now = new Map<string, Contribution>();
  const byId = new Map(facts.map((f) => [f.id, f]));
  for (const f of facts) now.set(f.id, contributionOf(f, timeZone));
  for (const orderId of orderIds) {
    const rows = now.get(orderId) ?? {};
    for (const [id, row] of Object.entries(difference(rows, before.get(orderId) ?? {}))) {
      const sum = (total[id] ??= {});
      for (const [name, value] of Object.entries(row)) sum[name] = (sum[name] ?? 0) + value;
    }
    const f = byId.get(orderId);
    if (f) kept.push({ orderId, rows: packContribution(rows, f.channel, f.agentId) });
  }
  await applyDeltas(tx, shopId, { ...total, ...shopWide(total) });

  const gone = orderIds.filter((id) => !now.has(id));
  if (gone.length) await tx.delete(statsOrderFacts).where(inArray(statsOrderFacts.orderId, gone));
  if (kept.length)
    await executePrepared(
      tx,
      sql`insert into stats_order_facts (order_id, shop_id, rows)
        select "orderId", ${shopId}, rows from jsonb_to_recordset(${JSON.stringify(kept)}::jsonb) as x("orderId" text, rows jsonb)
        on conflict (order_id) do update set rows = excluded.rows`,
    );
}

/** One upsert per roll-up, adding each key's deltas to its row. */
async function applyDeltas(tx: Executor, shopId: string, deltas: Contribution): Promise<void> {
  const byTable = new Map<RollUp, Array<Record<string, string | number>>>();
  for (const [id, measures] of Object.entries(deltas)) {
    const [kind, ...parts] = id.split(SEP) as [RollUp, ...string[]];
    const { keys } = ROLL_UPS[kind];
    const record: Record<string, string | number> = {};
    keys.forEach((k, i) => (record[k] = k === 'hour' ? Number(parts[i]) : parts[i]!));
    for (const m of MEASURES[kind]) record[m] = measures[m] ?? 0;
    let records = byTable.get(kind);
    if (!records) byTable.set(kind, (records = []));
    records.push(record);
  }
  for (const [kind, records] of byTable) {
    const { table, keys } = ROLL_UPS[kind];
    const measures = MEASURES[kind];
    // product_id follows variant_id: not part of the key where the variant is.
    const conflictKeys = (keys as readonly string[]).includes('variant_id')
      ? keys.filter((k) => k !== 'product_id')
      : keys;
    const typed = [
      ...keys.map(
        (k) =>
          `${k} ${k === 'hour' ? 'smallint' : k === 'day' || k === 'month' || k === 'year' ? 'date' : 'text'}`,
      ),
      ...measures.map((m) => `${m} bigint`),
    ].join(', ');
    const columns = ['shop_id', ...keys, ...measures].join(', ');
    const values = [...keys, ...measures].join(', ');
    const updates = measures.map((m) => `${m} = ${table}.${m} + excluded.${m}`).join(', ');
    await executePrepared(
      tx,
      sql`insert into ${sql.raw(table)} (${sql.raw(columns)})
        select ${shopId}, ${sql.raw(values)} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as x(${sql.raw(typed)})
        on conflict (shop_id, ${sql.raw(conflictKeys.join(', '))}) do update set ${sql.raw(updates)}`,
    );
  }
  const productMonths = byTable.get('N');
  if (productMonths) await addCategoryDeltas(tx, shopId, productMonths);
}
