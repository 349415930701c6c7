import { and, count, eq, gte } from 'drizzle-orm';
import type { Executor } from '../db';
import { smsMessages } from '../db/schema/platform';
import { newId } from '../ids';
import { dayjs } from '@/shared/dates';

/**
 * The SMS a shop has sent, as the plan's monthly SMS quota counts them: one row per message, kept
 * only when the gateway took it.
 */
export type SmsPurpose =
  'receipt' | 'reminder' | 'tracking' | 'rider_link' | 'order_confirmation' | 'cart_reminder';

/** SMS sent by the shop since the start of the month in its time zone. */
export async function smsSentThisMonth(
  db: Executor,
  shop: { id: string; timeZone: string },
  now: Date = new Date(),
): Promise<number> {
  const monthStart = dayjs(now).tz(shop.timeZone).startOf('month').toDate();
  const [row] = await db
    .select({ n: count() })
    .from(smsMessages)
    .where(and(eq(smsMessages.shopId, shop.id), gte(smsMessages.createdAt, monthStart)));
  return Number(row?.n ?? 0);
}

/** Counts a message before it goes out (under the caller's shop lock); returns its id. */
export async function recordSms(
  db: Executor,
  sms: { shopId: string; phone: string; purpose: SmsPurpose },
): Promise<string> {
  const id = newId();
  await db.insert(smsMessages).values({ id, ...sms });
  return id;
}

/** A message the gateway refused: not sent, not counted. */
export async function forgetSms(db: Executor, id: string): Promise<void> {
  await db.delete(smsMessages).where(eq(smsMessages.id, id));
}
