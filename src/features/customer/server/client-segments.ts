import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { dayjs } from '@/shared/dayjs';
import type { TSegmentDefinition, TSegmentRule } from '../segment.schemas';

/*
 * A segment (the CRM's rules over clients) as SQL over the clients' own row: every figure a rule
 * reads (total spent, orders, first and last order, returned parcels, balance, consents) is kept
 * there by the order module, so a segment of 50 000 clients is one scan of the shop's rows.
 */

// Instants and the month are computed here, once: written as now() arithmetic in the condition,
// PostgreSQL would evaluate them again for each of the shop's rows (a third of a 50 000-client scan).
const days = (n: number) => sql`${new Date(Date.now() - n * 86_400_000).toISOString()}::timestamptz`;

function ruleCondition(rule: TSegmentRule, timeZone: string): SQL {
  const compare = (column: SQL, op: 'gte' | 'lte', value: number) =>
    op === 'gte' ? sql`${column} >= ${value}` : sql`${column} <= ${value}`;
  switch (rule.field) {
    case 'totalSpent':
      return compare(sql`total_spent`, rule.op, rule.value);
    case 'ordersCount':
      return compare(sql`orders_count`, rule.op, rule.value);
    case 'refusedCod':
      return compare(sql`returned_count`, rule.op, rule.value);
    case 'lastOrder':
      if (rule.op === 'never') return sql`last_order_at is null`;
      return rule.op === 'within'
        ? sql`last_order_at >= ${days(rule.days!)}`
        : sql`last_order_at < ${days(rule.days!)}`;
    case 'firstOrder':
      return sql`first_order_at >= ${days(rule.days)}`;
    case 'firstChannel':
      return sql`first_channel = any(${sql.param(rule.channels)}::text[])`;
    case 'commune':
      return sql`lower(commune) = any(${sql.param(rule.communes.map((c) => c.toLowerCase()))}::text[])`;
    case 'tags':
      if (rule.op === 'all') return sql`tags @> ${sql.param(rule.tags)}::text[]`;
      return rule.op === 'any'
        ? sql`tags && ${sql.param(rule.tags)}::text[]`
        : sql`not (tags && ${sql.param(rule.tags)}::text[])`;
    case 'balance':
      return rule.has ? sql`balance > 0` : sql`balance = 0`;
    case 'birthdayThisMonth':
      // This month in the shop's time zone: on the 1st at 00:30 in Dakar it is already the new month.
      return sql`birthday_month = ${dayjs().tz(timeZone).month() + 1}`;
    case 'consent': {
      const column = rule.channel === 'sms' ? sql`consent_sms_at` : sql`consent_whatsapp_at`;
      return rule.given ? sql`${column} is not null` : sql`${column} is null`;
    }
  }
}

/** The shop's clients a segment holds, as a condition on `clients`. */
export function segmentConditions(
  shop: { id: string; timeZone: string },
  definition: TSegmentDefinition,
): SQL {
  const rules = definition.rules.map((rule) => sql`(${ruleCondition(rule, shop.timeZone)})`);
  const joined = sql.join(rules, definition.match === 'all' ? sql` and ` : sql` or `);
  return sql`shop_id = ${shop.id} and (${joined})`;
}

export interface SegmentClient {
  id: string;
  name: string;
  phone: string | null;
  totalSpent: number;
  ordersCount: number;
  lastOrderAt: string | null;
  consentSms: boolean;
}

/**
 * How many clients a segment holds, and how many an SMS could reach (a phone and SMS consent) —
 * the others counted by reason — with its first `sampleSize` clients, best customers first.
 */
export async function countSegment(
  db: Executor,
  shop: { id: string; timeZone: string },
  definition: TSegmentDefinition,
  sampleSize = 0,
) {
  // One scan: the counts are window aggregates over every matching row, read with the first ones
  // (a second statement for the sample scanned the shop's rows again).
  const found = (await db.execute(sql`
    select id, name, phone, total_spent::bigint as total_spent, orders_count,
      last_order_at::text as last_order_at, consent_sms_at is not null as consent_sms,
      count(*) over () as total,
      count(*) filter (where phone is not null and consent_sms_at is not null) over () as reachable_sms,
      count(*) filter (where phone is null) over () as no_phone,
      count(*) filter (where phone is not null and consent_sms_at is null) over () as no_sms_consent
    from clients where ${segmentConditions(shop, definition)}
    order by total_spent desc, id desc limit ${Math.max(1, sampleSize)}`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const row = found.rows[0] ?? { total: 0, reachable_sms: 0, no_phone: 0, no_sms_consent: 0 };
  const sample: SegmentClient[] = found.rows.slice(0, sampleSize).map((r) => ({
    id: String(r.id),
    name: String(r.name),
    phone: (r.phone as string | null) ?? null,
    totalSpent: Number(r.total_spent),
    ordersCount: Number(r.orders_count),
    lastOrderAt: r.last_order_at ? new Date(String(r.last_order_at)).toISOString() : null,
    consentSms: Boolean(r.consent_sms),
  }));
  return {
    total: Number(row.total),
    reachableSms: Number(row.reachable_sms),
    noPhone: Number(row.no_phone),
    noSmsConsent: Number(row.no_sms_consent),
    sample,
  };
}

export interface SmsRecipient {
  clientId: string;
  name: string;
  firstName: string;
  phone: string;
}

/**
 * The segment's clients a campaign may write to on `channel`: a phone, and that channel's
 * marketing consent given (SMS, or WhatsApp).
 */
export async function segmentSmsRecipients(
  db: Executor,
  shop: { id: string; timeZone: string },
  definition: TSegmentDefinition,
  channel: 'sms' | 'whatsapp' = 'sms',
): Promise<SmsRecipient[]> {
  const consent = channel === 'whatsapp' ? sql`consent_whatsapp_at` : sql`consent_sms_at`;
  const found = (await db.execute(sql`
    select id, name, first_name, phone from clients
    where ${segmentConditions(shop, definition)} and phone is not null and ${consent} is not null
    order by id`)) as unknown as {
    rows: Array<{ id: string; name: string; first_name: string; phone: string }>;
  };
  return found.rows.map((r) => ({ clientId: r.id, name: r.name, firstName: r.first_name, phone: r.phone }));
}
