import { sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { dayjs } from '@/shared/dayjs';

/**
 * The clients an automated message is due to now (the CRM's automations), each with the occasion
 * it is for: a client gets at most one message per automation and occasion, which the CRM's unique
 * index holds. Read from the client's own row, which the order module keeps up to date.
 */
export type OccasionKind = 'anniversaire' | 'a-risque' | 'merci' | 'ardoise';

export interface OccasionRecipient {
  clientId: string;
  name: string;
  firstName: string;
  phone: string;
  /** What makes this message one of its own: the year of a birthday, the day of a last order… */
  occasion: string;
  /** What the client owes (« ardoise »), in minor units. */
  balance: number;
}

/** How far back a lapse or a first purchase is still news: older ones are not written to. */
export const AT_RISK_WINDOW_DAYS = 7;
export const THANKS_WITHIN_HOURS = 48;

/**
 * The clients `kind` is due to at `now`:
 * - anniversaire: their birthday is today in the shop's time zone (occasion: the year);
 * - a-risque: their last order turned `days` old within the last 7 days — so switching it on does
 *   not write to clients gone for years (occasion: that order's day);
 * - merci: their first order came in the last 48 hours (occasion: « premier-achat »);
 * - ardoise: they owe something and their last order is at least `days` old (occasion: that
 *   order's day, so a new purchase left unpaid is reminded once more).
 * Marketing ones need SMS consent; the ardoise reminder is about a debt, and needs a phone only.
 * Paged by id (`after`, `limit`).
 */
export async function occasionRecipients(
  db: Executor,
  shop: { id: string; timeZone: string },
  kind: OccasionKind,
  { days, now, limit, after }: { days: number; now: Date; limit: number; after?: string | undefined },
): Promise<OccasionRecipient[]> {
  const local = dayjs(now).tz(shop.timeZone);
  const lastOrderDay = sql`to_char(last_order_at at time zone ${shop.timeZone}, 'YYYY-MM-DD')`;
  let condition;
  let occasion;
  switch (kind) {
    case 'anniversaire':
      condition = sql`birthday_day = ${local.date()} and birthday_month = ${local.month() + 1}`;
      occasion = sql`${String(local.year())}::text`;
      break;
    case 'a-risque': {
      const due = local.subtract(days, 'day').toDate();
      const from = local.subtract(days + AT_RISK_WINDOW_DAYS, 'day').toDate();
      condition = sql`last_order_at <= ${due.toISOString()} and last_order_at > ${from.toISOString()}`;
      occasion = lastOrderDay;
      break;
    }
    case 'merci':
      condition = sql`orders_count >= 1 and first_order_at > ${new Date(now.getTime() - THANKS_WITHIN_HOURS * 3_600_000).toISOString()}`;
      occasion = sql`'premier-achat'::text`;
      break;
    case 'ardoise':
      condition = sql`balance > 0 and last_order_at <= ${local.subtract(days, 'day').toDate().toISOString()}`;
      occasion = lastOrderDay;
      break;
  }
  const consent = kind === 'ardoise' ? sql`true` : sql`consent_sms_at is not null`;
  const found = (await db.execute(sql`
    select id, name, first_name, phone, balance, ${occasion} as occasion from clients
    where shop_id = ${shop.id} and phone is not null and ${consent} and ${condition}
      ${after ? sql`and id > ${after}` : sql``}
    order by id
    limit ${limit}`)) as unknown as {
    rows: Array<{
      id: string;
      name: string;
      first_name: string;
      phone: string;
      balance: string | number;
      occasion: string;
    }>;
  };
  return found.rows.map((r) => ({
    clientId: r.id,
    name: r.name,
    firstName: r.first_name,
    phone: r.phone,
    occasion: String(r.occasion),
    balance: Number(r.balance),
  }));
}
