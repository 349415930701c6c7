import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { crmCampaignMessages, crmCampaigns } from '@/server/db/schema/crm';
import { Errors } from '@/server/http/errors';
import { newId } from '@/server/ids';
import { jobQueue } from '@/server/jobs/job';
import { smsSentThisMonth } from '@/server/sms/sms-log';
import { smsText } from '@/server/sms/sms-gateway';
import { PLANS, effectivePlan } from '@/shared/plans';
import { smsParts } from '@/shared/sms-parts';
import { lockShop, type ShopRow } from '@/features/shop/server/shop.repository';
import { sendShopSms } from '@/features/shop/server/shop-sms';
import { segmentSmsRecipients, type SmsRecipient } from '@/features/customer/server/client-segments';
import type { TCampaign, TSegmentDefinition } from '../crm.schemas';
import { campaignSmsJob } from './campaign-job';
import { countCrmSms, insertCrmMessages, MESSAGE_COLUMNS, toCrmMessage } from './message-rows';
import { checkChannel, nobodyReachable, whatsappOffer, type CampaignChannel } from './campaign-channel';
import {
  discountNames,
  issueMessageCodes,
  sampleMessageCode,
  usedCodesCount,
} from '@/features/discount/server';
import { campaignText, unknownPlaceholders, usesCode } from './campaign-text';

/** Jobs queued by one statement of the engine's. */
const JOB_CHUNK = 5_000;

export interface CampaignInput {
  name: string;
  definition: TSegmentDefinition;
  template: string;
  /** Absent: now. */
  sendAt?: Date;
  /** The code discount {code} gives each recipient a code of (required when the message has {code}). */
  discountId?: string;
  /** Absent: SMS. */
  channel?: CampaignChannel;
}

/**
 * Each recipient's message: its own text, an id, its code ({code}: `codes[i]`, else none) and the
 * parts it is billed as.
 */
function campaignMessages(
  template: string,
  recipients: SmsRecipient[],
  shop: ShopRow,
  codes?: string[],
  channel: CampaignChannel = 'sms',
) {
  return recipients.map((r, i) => {
    const discountCode = codes?.[i] ?? null;
    const body = campaignText(template, r, shop, { code: discountCode ?? '', channel });
    return {
      id: newId(),
      clientId: r.clientId,
      phone: r.phone,
      body,
      discountCode,
      channel,
      // A WhatsApp message is one message, whatever its length.
      parts: channel === 'sms' ? smsParts(smsText(body)).parts : 1,
    };
  });
}

function checkTemplate(template: string): void {
  const unknown = unknownPlaceholders(template);
  if (unknown.length)
    throw Errors.validation(
      {
        template: `Espace réservé inconnu : ${unknown.join(', ')}. Utilisez {prénom}, {boutique} ou {code}.`,
      },
      'Message : espace réservé inconnu.',
    );
}

const CODE_NEEDS_DISCOUNT = 'Choisissez la réduction dont chaque client recevra un code ({code}).';

/** The discount {code} draws from: required with {code}, ignored without it. */
function codeDiscount(template: string, discountId: string | undefined): string | null {
  if (!usesCode(template)) return null;
  if (!discountId)
    throw Errors.validation({ discountId: CODE_NEEDS_DISCOUNT }, `Réduction : ${CODE_NEEDS_DISCOUNT}`);
  return discountId;
}

/** Sample codes for a preview or a test: real ones' length and letters, issued to nobody. */
function sampleCodes(template: string, count: number): string[] | undefined {
  return usesCode(template) ? Array.from({ length: count }, sampleMessageCode) : undefined;
}

/**
 * Starts (or schedules) a campaign: the segment's clients with a phone and the channel's consent,
 * each their own text. By SMS, counted in parts against what is left of the month's quota — all of
 * it or nothing, under the shop's lock, so two campaigns started at once cannot both take the last
 * SMS; on WhatsApp (where offered), one message each, outside the quota.
 * The messages and their jobs are written in the same transaction: the campaign exists whole, or
 * not at all. A restart loses none (the jobs are rows); a message is never handed over twice.
 */
export async function startCampaign(
  db: Database,
  shopId: string,
  userId: string,
  input: CampaignInput,
): Promise<{ campaignId: string; recipients: number; parts: number }> {
  checkTemplate(input.template);
  const channel = input.channel ?? 'sms';
  checkChannel(channel);
  const discountId = codeDiscount(input.template, input.discountId);
  return db.transaction(async (tx) => {
    const shop = await lockShop(tx, shopId);
    const recipients = await segmentSmsRecipients(tx, shop, input.definition, channel);
    if (recipients.length === 0) {
      const nobody = nobodyReachable(channel);
      throw Errors.validation({ definition: nobody.field }, nobody.summary);
    }
    // Drawn in this transaction: a campaign refused below (the quota) leaves no code behind.
    const codes = discountId ? await issueMessageCodes(tx, shopId, discountId, recipients.length) : undefined;
    const messages = campaignMessages(input.template, recipients, shop, codes, channel);
    const parts = messages.reduce((sum, m) => sum + m.parts, 0);
    const plan = PLANS[effectivePlan(shop)];
    if (channel === 'sms' && plan.maxSmsPerMonth !== 'infinity') {
      const left = Math.max(0, plan.maxSmsPerMonth - (await smsSentThisMonth(tx, shop)));
      if (parts > left)
        throw Errors.quotaExceeded(
          `Cette campagne compte ${parts.toLocaleString('fr-FR')} SMS pour ${messages.length.toLocaleString('fr-FR')} destinataire${messages.length > 1 ? 's' : ''} ; il vous en reste ${left.toLocaleString('fr-FR')} ce mois-ci sur votre forfait ${plan.label}. Réduisez le segment, raccourcissez le message ou passez à un forfait supérieur.`,
        );
    }
    const campaignId = newId();
    await tx.insert(crmCampaigns).values({
      id: campaignId,
      shopId,
      name: input.name,
      definition: input.definition,
      template: input.template,
      sendAt: input.sendAt ?? new Date(),
      discountId,
      channel,
      createdByUserId: userId,
    });
    await insertCrmMessages(
      tx,
      messages.map((m) => ({ ...m, campaignId, shopId })),
    );
    // Counted now (the quota is taken whole); a message not sent is given back. WhatsApp is not SMS.
    if (channel === 'sms') await countCrmSms(tx, shopId, messages, 'campaign');
    for (let i = 0; i < messages.length; i += JOB_CHUNK)
      await jobQueue().enqueueMany(
        campaignSmsJob.name,
        messages.slice(i, i + JOB_CHUNK).map((m) => ({ messageId: m.id })),
        { tx, ...(input.sendAt ? { startAfter: input.sendAt } : {}) },
      );
    return { campaignId, recipients: messages.length, parts };
  });
}

type CampaignRow = typeof crmCampaigns.$inferSelect;

async function withCounts(db: Executor, rows: CampaignRow[]): Promise<TCampaign[]> {
  if (rows.length === 0) return [];
  const counted = await db
    .select({
      campaignId: crmCampaignMessages.campaignId,
      status: crmCampaignMessages.status,
      n: count(),
      parts: sql<number>`sum(${crmCampaignMessages.parts})::int`,
      delivered: sql<number>`count(*) filter (where ${crmCampaignMessages.delivery} = 'delivered')::int`,
      undelivered: sql<number>`count(*) filter (where ${crmCampaignMessages.delivery} = 'undelivered')::int`,
    })
    .from(crmCampaignMessages)
    .where(
      inArray(
        crmCampaignMessages.campaignId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(crmCampaignMessages.campaignId, crmCampaignMessages.status);
  return rows.map((row) => {
    const of = (status: string) =>
      Number(counted.find((c) => c.campaignId === row.id && c.status === status)?.n ?? 0);
    const statuses = {
      queued: of('queued') + of('sending'),
      sent: of('sent'),
      failed: of('failed'),
      skipped: of('skipped'),
    };
    const mine = counted.filter((c) => c.campaignId === row.id);
    const total = (pick: (c: (typeof counted)[number]) => number) =>
      mine.reduce((sum, c) => sum + Number(pick(c)), 0);
    const parts = total((c) => c.parts);
    const recipients = statuses.queued + statuses.sent + statuses.failed + statuses.skipped;
    return {
      _id: row.id,
      name: row.name,
      channel: row.channel === 'whatsapp' ? ('whatsapp' as const) : ('sms' as const),
      template: row.template,
      sendAt: row.sendAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      recipients,
      parts,
      ...statuses,
      delivered: total((c) => c.delivered),
      undelivered: total((c) => c.undelivered),
      status:
        statuses.queued === 0 ? 'terminée' : row.sendAt.getTime() > Date.now() ? 'programmée' : 'en cours',
    };
  });
}

/** The shop's campaigns, newest first, with where their messages stand. */
export async function listCampaigns(db: Executor, shop: ShopRow, limit = 50): Promise<TCampaign[]> {
  const rows = await db
    .select()
    .from(crmCampaigns)
    .where(eq(crmCampaigns.shopId, shop.id))
    .orderBy(desc(crmCampaigns.createdAt), desc(crmCampaigns.id))
    .limit(limit);
  return withCounts(db, rows);
}

/** One campaign and its messages (the first `limit`, failures first, then by phone). */
export async function campaignDetail(db: Executor, shopId: string, campaignId: string, limit = 200) {
  const [row] = await db
    .select()
    .from(crmCampaigns)
    .where(and(eq(crmCampaigns.shopId, shopId), eq(crmCampaigns.id, campaignId)));
  if (!row) throw Errors.notFound('La campagne');
  const [campaign] = await withCounts(db, [row]);
  const codes = row.discountId ? await campaignCodes(db, shopId, row.discountId, campaignId) : null;
  const messages = await db
    .select(MESSAGE_COLUMNS)
    .from(crmCampaignMessages)
    .where(eq(crmCampaignMessages.campaignId, campaignId))
    .orderBy(
      sql`case ${crmCampaignMessages.status} when 'failed' then 0 when 'skipped' then 1 else 2 end`,
      crmCampaignMessages.phone,
    )
    .limit(limit);
  return { campaign: campaign!, codes, messages: messages.map(toCrmMessage) };
}

/** The discount a campaign's codes are of, how many it gave and how many were used on an order. */
async function campaignCodes(db: Executor, shopId: string, discountId: string, campaignId: string) {
  const rows = await db
    .select({ code: crmCampaignMessages.discountCode })
    .from(crmCampaignMessages)
    .where(and(eq(crmCampaignMessages.campaignId, campaignId), isNotNull(crmCampaignMessages.discountCode)));
  const codes = rows.map((r) => r.code!);
  const names = await discountNames(db, shopId, [discountId]);
  return {
    discountId,
    discountName: names.get(discountId) ?? 'Réduction supprimée',
    issued: codes.length,
    used: await usedCodesCount(db, shopId, codes),
  };
}

/** The campaign's message as a client will get it, sent to the agent's own phone (and counted). */
export async function sendTestSms(
  db: Database,
  shop: ShopRow,
  agent: { phone: string; firstName: string | null; lastName: string | null },
  template: string,
): Promise<string> {
  checkTemplate(template);
  const name = [agent.firstName, agent.lastName].filter(Boolean).join(' ');
  return sendShopSms(db, shop.id, {
    phone: agent.phone,
    purpose: 'campaign',
    what: 'vos campagnes',
    body: (locked) =>
      campaignText(template, { name, firstName: agent.firstName ?? '' }, locked, {
        code: sampleCodes(template, 1)?.[0],
      }),
  });
}

/**
 * What a campaign would send, before it is started: its recipients, its SMS in parts, what is left
 * of the month's quota, and the first recipients' texts as they will read them.
 */
export async function previewCampaign(
  db: Executor,
  shop: ShopRow,
  definition: TSegmentDefinition,
  template: string,
  channel: CampaignChannel = 'sms',
) {
  checkTemplate(template);
  checkChannel(channel);
  const recipients = await segmentSmsRecipients(db, shop, definition, channel);
  const messages = campaignMessages(
    template,
    recipients,
    shop,
    sampleCodes(template, recipients.length),
    channel,
  );
  const parts = messages.reduce((sum, m) => sum + m.parts, 0);
  const samples = messages.slice(0, 3).map((m, i) => ({
    name: recipients[i]!.name,
    phone: m.phone,
    text: m.body,
    parts: m.parts,
  }));
  const plan = PLANS[effectivePlan(shop)];
  const smsLeft =
    channel !== 'sms' || plan.maxSmsPerMonth === 'infinity'
      ? null
      : Math.max(0, plan.maxSmsPerMonth - (await smsSentThisMonth(db, shop)));
  // What Meta bills the shop for it, in FCFA; SMS are in the plan.
  const cost = channel === 'whatsapp' ? recipients.length * (whatsappOffer()?.costPerMessage ?? 0) : null;
  return { recipients: recipients.length, parts, smsLeft, cost, samples };
}

/**
 * A campaign sent in the past, its messages all delivered then (the demo shop's history): written
 * as the queue would have left it, without sending anything now.
 */
export async function recordPastCampaign(
  db: Database,
  shop: ShopRow,
  input: { name: string; definition: TSegmentDefinition; template: string; sentAt: Date },
): Promise<number> {
  const recipients = await segmentSmsRecipients(db, shop, input.definition);
  if (recipients.length === 0) return 0;
  await db.transaction(async (tx) => {
    const campaignId = newId();
    await tx.insert(crmCampaigns).values({
      id: campaignId,
      shopId: shop.id,
      name: input.name,
      definition: input.definition,
      template: input.template,
      sendAt: input.sentAt,
      createdAt: input.sentAt,
    });
    const messages = campaignMessages(input.template, recipients, shop);
    await tx
      .insert(crmCampaignMessages)
      .values(
        messages.map((m) => ({ ...m, campaignId, shopId: shop.id, status: 'sent', sentAt: input.sentAt })),
      );
    await countCrmSms(tx, shop.id, messages, 'campaign', input.sentAt);
  });
  return recipients.length;
}
