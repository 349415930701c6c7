import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '@/server/db';
import { statsDays } from '@/server/db/schema/stats';
import { rollUpShop } from './roll-up';

/**
 * Orders placed and net sales (after discounts and refunds) by order channel from `fromDay` (the
 * shop's calendar day, included) to today: what the Canaux de vente cards show for the month.
 * The shop's roll-ups are brought up to date first, as a report's are.
 */
export async function salesByChannelSince(
  db: Database,
  shopId: string,
  fromDay: string,
): Promise<Map<string, { orders: number; net: number }>> {
  await rollUpShop(db, shopId);
  const rows = await db
    .select({
      channel: statsDays.channel,
      orders: sql<number>`sum(${statsDays.orders})::bigint`,
      net: sql<number>`sum(${statsDays.gross} - ${statsDays.discounts} - ${statsDays.refunds})::bigint`,
    })
    .from(statsDays)
    .where(and(eq(statsDays.shopId, shopId), gte(statsDays.day, fromDay)))
    .groupBy(statsDays.channel);
  return new Map(rows.map((r) => [r.channel, { orders: Number(r.orders), net: Number(r.net) }]));
}
