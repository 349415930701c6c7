import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { smsMessages } from '../db/schema/platform';
import { newId } from '../ids';
import { dayjs } from '@/shared/dayjs';

/**
 * The SMS a shop has sent, as the plan's monthly SMS quota counts them: one row per message with
 * the parts it is billed as, kept only when the gateway took it (or while it waits to be sent).
 */
export type SmsPurpose =
  | 'receipt'
  | 'reminder'
  | 'tracking'
  | 'rider_link'
  | 'order_confirmation'
  | 'cart_reminder'
  | 'campaign'
  | 'automation'
  | 'loyalty_code';

/** SMS parts sent by the shop since the start of the month in its time zone. */
export async function smsSentThisMonth(
  db: Executor,
  shop: { id: string; timeZone: string },
  now: Date = new Date(),
): Promise<number> {
  const monthStart = dayjs(now).tz(shop.timeZone).startOf('month').toDate();
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${smsMessages.parts}), 0)::int` })
    .from(smsMessages)
    .where(and(eq(smsMessages.shopId, shop.id), gte(smsMessages.createdAt, monthStart)));
  return Number(row?.n ?? 0);
}

/** Counts a message before it goes out (under the caller's shop lock); returns its id. */
export async function recordSms(
  db: Executor,
  sms: { shopId: string; phone: string; purpose: SmsPurpose; parts: number },
): Promise<string> {
  const id = newId();
  await db.insert(smsMessages).values({ id, ...sms });
  return id;
}

/**
 * Many messages counted at once (a campaign), each under the id its caller gave it: one statement
 * with an array a column (`unnest`), whatever their number.
 */
export async function recordSmsBatch(
  db: Executor,
  rows: Array<{
    id: string;
    shopId: string;
    phone: string;
    purpose: SmsPurpose;
    parts: number;
    createdAt?: Date;
  }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into sms_messages (id, shop_id, phone, purpose, parts, created_at)
    select id, shop_id, phone, purpose, parts, coalesce(created_at, now()) from unnest(
      ${sql.param(rows.map((r) => r.id))}::text[], ${sql.param(rows.map((r) => r.shopId))}::text[],
      ${sql.param(rows.map((r) => r.phone))}::text[], ${sql.param(rows.map((r) => r.purpose))}::text[],
      ${sql.param(rows.map((r) => r.parts))}::int[],
      ${sql.param(rows.map((r) => r.createdAt?.toISOString() ?? null))}::timestamptz[]
    ) as m(id, shop_id, phone, purpose, parts, created_at)`);
}

/** A message the gateway refused: not sent, not counted. */
export async function forgetSms(db: Executor, id: string): Promise<void> {
  await db.delete(smsMessages).where(eq(smsMessages.id, id));
}
