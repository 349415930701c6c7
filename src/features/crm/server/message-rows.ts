import { sql } from 'drizzle-orm';
import { crmCampaignMessages } from '@/server/db/schema/crm';
import type { TCrmMessage } from '../crm.schemas';
import type { Executor } from '@/server/db';
import { recordSmsBatch, type SmsPurpose } from '@/server/sms/sms-log';

/** A CRM message as written: a campaign's (`campaignId`) or an automation's (`automation`). */
export interface CrmMessageRow {
  id: string;
  shopId: string;
  campaignId?: string | null;
  automation?: string | null;
  occasion?: string | null;
  marketing?: boolean;
  /** Absent: sms. */
  channel?: string;
  clientId: string | null;
  phone: string;
  body: string;
  discountCode: string | null;
  parts: number;
}

/**
 * Writes messages queued, any number in one statement: one array a column (`unnest`), so 10 000
 * messages are 13 parameters, not 130 000 (a campaign of that size is queued in well under 2 s).
 * Answers the ids written; a message an automation had already written for its occasion is left
 * out (its unique index), so the caller counts and queues only the others.
 */
export async function insertCrmMessages(db: Executor, rows: CrmMessageRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const column = <T>(pick: (row: CrmMessageRow) => T) => sql.param(rows.map(pick));
  const written = (await db.execute(sql`
    insert into crm_campaign_messages
      (id, shop_id, campaign_id, automation, occasion, marketing, channel, client_id, phone, body, discount_code,
       parts, status)
    select id, shop_id, campaign_id, automation, occasion, marketing, channel, client_id, phone, body, discount_code,
      parts, 'queued'
    from unnest(
      ${column((r) => r.id)}::text[], ${column((r) => r.shopId)}::text[],
      ${column((r) => r.campaignId ?? null)}::text[], ${column((r) => r.automation ?? null)}::text[],
      ${column((r) => r.occasion ?? null)}::text[], ${column((r) => r.marketing ?? true)}::boolean[],
      ${column((r) => r.channel ?? 'sms')}::text[],
      ${column((r) => r.clientId)}::text[], ${column((r) => r.phone)}::text[], ${column((r) => r.body)}::text[],
      ${column((r) => r.discountCode)}::text[], ${column((r) => r.parts)}::int[]
    ) as m(id, shop_id, campaign_id, automation, occasion, marketing, channel, client_id, phone, body, discount_code,
      parts)
    on conflict do nothing
    returning id`)) as unknown as { rows: Array<{ id: string }> };
  return new Set(written.rows.map((r) => r.id));
}

/** SMS messages counted in the shop's plan, each under its message's id (given back if not sent). */
export async function countCrmSms(
  db: Executor,
  shopId: string,
  messages: ReadonlyArray<{ id: string; phone: string; parts: number }>,
  purpose: SmsPurpose,
  createdAt?: Date,
): Promise<void> {
  await recordSmsBatch(
    db,
    messages.map((m) => ({
      id: m.id,
      shopId,
      phone: m.phone,
      purpose,
      parts: m.parts,
      ...(createdAt ? { createdAt } : {}),
    })),
  );
}

/** What a list of messages shows of each (`toCrmMessage` reads a row of these). */
export const MESSAGE_COLUMNS = {
  id: crmCampaignMessages.id,
  phone: crmCampaignMessages.phone,
  body: crmCampaignMessages.body,
  parts: crmCampaignMessages.parts,
  discountCode: crmCampaignMessages.discountCode,
  status: crmCampaignMessages.status,
  delivery: crmCampaignMessages.delivery,
  deliveryError: crmCampaignMessages.deliveryError,
  error: crmCampaignMessages.error,
  sentAt: crmCampaignMessages.sentAt,
};

export function toCrmMessage(row: {
  [K in keyof typeof MESSAGE_COLUMNS]: (typeof MESSAGE_COLUMNS)[K]['_']['data'] | null;
}): TCrmMessage {
  return {
    id: row.id!,
    phone: row.phone!,
    body: row.body!,
    parts: row.parts!,
    discountCode: row.discountCode,
    status: row.status as TCrmMessage['status'],
    delivery: row.delivery as TCrmMessage['delivery'],
    deliveryError: row.deliveryError,
    error: row.error,
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}
