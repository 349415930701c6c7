import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db';
import { crmAutomations, crmCampaignMessages } from '@/server/db/schema/crm';
import { Errors } from '@/server/http/errors';
import { newId } from '@/server/ids';
import { jobQueue } from '@/server/jobs/job';
import { getLogger } from '@/server/logger';
import { smsSentThisMonth } from '@/server/sms/sms-log';
import { smsText } from '@/server/sms/sms-gateway';
import { dayjs } from '@/shared/dayjs';
import { formatMoney } from '@/shared/money';
import { PLANS, effectivePlan } from '@/shared/plans';
import { smsParts } from '@/shared/sms-parts';
import { lockShop, type ShopRow } from '@/features/shop/server/shop.repository';
import { occasionRecipients, type OccasionRecipient } from '@/features/customer/server/client-occasions';
import { discountsForMessages, issueMessageCodes, sampleMessageCode } from '@/features/discount/server';
import { AUTOMATIONS, AUTOMATION_KINDS, type TAutomation, type TAutomationKind } from '../crm.schemas';
import { campaignSmsJob } from './campaign-job';
import { campaignText, unknownPlaceholders, usesCode } from './campaign-text';
import { countCrmSms, insertCrmMessages, MESSAGE_COLUMNS, toCrmMessage } from './message-rows';

/** Automated messages go out in the shop's daytime only: nobody is woken by a shop's SMS. */
export const SEND_FROM_HOUR = 9;
export const SEND_UNTIL_HOUR = 20;
/** Clients one automation writes to in one run at most; the next run takes the rest. */
const RUN_LIMIT = 500;

type AutomationRow = typeof crmAutomations.$inferSelect;

function settingsOf(kind: TAutomationKind, row: AutomationRow | undefined) {
  const spec = AUTOMATIONS[kind];
  return {
    enabled: row?.enabled ?? false,
    template: row?.template ?? spec.template,
    days: spec.days ? (row?.days ?? spec.days.default) : null,
    discountId: row?.discountId ?? null,
  };
}

/** The shop's four automations, each as set (or as it comes), with what it sent lately. */
export async function listAutomations(db: Executor, shop: ShopRow, now = new Date()): Promise<TAutomation[]> {
  const rows = await db.select().from(crmAutomations).where(eq(crmAutomations.shopId, shop.id));
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const counted = await db
    .select({
      automation: crmCampaignMessages.automation,
      sent: sql<number>`count(*) filter (where ${crmCampaignMessages.status} = 'sent' and ${crmCampaignMessages.sentAt} >= ${since.toISOString()})::int`,
      queued: sql<number>`count(*) filter (where ${crmCampaignMessages.status} in ('queued', 'sending'))::int`,
    })
    .from(crmCampaignMessages)
    .where(and(eq(crmCampaignMessages.shopId, shop.id), isNull(crmCampaignMessages.campaignId)))
    .groupBy(crmCampaignMessages.automation);
  return AUTOMATION_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    const figures = counted.find((c) => c.automation === kind);
    return {
      kind,
      ...settingsOf(kind, row),
      sent30Days: Number(figures?.sent ?? 0),
      queued: Number(figures?.queued ?? 0),
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  });
}

export interface AutomationInput {
  kind: TAutomationKind;
  enabled: boolean;
  template: string;
  days?: number;
  discountId?: string;
}

/**
 * Saves one automation: its text (only its own placeholders), its delay within bounds, and with
 * {code} a code discount that can still be used. Refused whole, naming the field, or saved whole.
 */
export async function saveAutomation(db: Database, shop: ShopRow, userId: string, input: AutomationInput) {
  const spec = AUTOMATIONS[input.kind];
  const unknown = unknownPlaceholders(input.template, spec.placeholders);
  if (unknown.length)
    throw Errors.validation(
      {
        template: `Espace réservé inconnu : ${unknown.join(', ')}. Utilisez ${spec.placeholders.join(', ')}.`,
      },
      'Message : espace réservé inconnu.',
    );
  let days = 0;
  if (spec.days) {
    days = input.days ?? spec.days.default;
    if (days < spec.days.min || days > spec.days.max)
      throw Errors.validation(
        { days: `Indiquez entre ${spec.days.min} et ${spec.days.max} jours.` },
        `Jours : entre ${spec.days.min} et ${spec.days.max}.`,
      );
  }
  const discountId = usesCode(input.template) ? (input.discountId ?? null) : null;
  if (usesCode(input.template)) {
    const usable = await discountsForMessages(db, shop.id);
    if (!discountId || !usable.some((d) => d.id === discountId))
      throw Errors.validation(
        { discountId: 'Choisissez une réduction par code active pour remplir {code}.' },
        'Réduction : choisissez une réduction par code active.',
      );
  }
  const values = {
    enabled: input.enabled,
    template: input.template,
    days,
    discountId,
    updatedByUserId: userId,
    updatedAt: new Date(),
  };
  await db
    .insert(crmAutomations)
    .values({ shopId: shop.id, kind: input.kind, ...values })
    .onConflictDoUpdate({ target: [crmAutomations.shopId, crmAutomations.kind], set: values });
  return (await listAutomations(db, shop)).find((a) => a.kind === input.kind)!;
}

/** The shops with at least one automation switched on (the hourly sweep's list). */
export async function shopsWithAutomations(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ shopId: crmAutomations.shopId })
    .from(crmAutomations)
    .where(eq(crmAutomations.enabled, true));
  return rows.map((r) => r.shopId);
}

/** The recipients already written to for their occasion by this automation. */
async function alreadyWritten(tx: Executor, shopId: string, kind: string, due: OccasionRecipient[]) {
  if (due.length === 0) return new Set<string>();
  const rows = await tx
    .select({ clientId: crmCampaignMessages.clientId, occasion: crmCampaignMessages.occasion })
    .from(crmCampaignMessages)
    .where(
      and(
        eq(crmCampaignMessages.shopId, shopId),
        eq(crmCampaignMessages.automation, kind),
        inArray(
          crmCampaignMessages.clientId,
          due.map((d) => d.clientId),
        ),
      ),
    );
  return new Set(rows.map((r) => `${r.clientId}/${r.occasion}`));
}

/**
 * One shop's automations at `now`, under the shop's lock (one run at a time, whichever server):
 * each switched-on one writes to the clients it is due to and has not written to for that
 * occasion, as many as what is left of the month's SMS allows (the rest wait for a later run or
 * the next month), during the shop's daytime. Answers how many messages each queued.
 */
export async function runShopAutomations(
  db: Database,
  shopId: string,
  now = new Date(),
  perRun = RUN_LIMIT,
): Promise<Partial<Record<TAutomationKind, number>>> {
  const queued: Partial<Record<TAutomationKind, number>> = {};
  await db.transaction(async (tx) => {
    const shop = await lockShop(tx, shopId);
    const plan = PLANS[effectivePlan(shop, now)];
    if (effectivePlan(shop, now) === 'free') return;
    const hour = dayjs(now).tz(shop.timeZone).hour();
    if (hour < SEND_FROM_HOUR || hour >= SEND_UNTIL_HOUR) return;
    const rows = await tx
      .select()
      .from(crmAutomations)
      .where(and(eq(crmAutomations.shopId, shopId), eq(crmAutomations.enabled, true)));
    let left =
      plan.maxSmsPerMonth === 'infinity'
        ? Infinity
        : Math.max(0, plan.maxSmsPerMonth - (await smsSentThisMonth(tx, shop, now)));
    for (const kind of AUTOMATION_KINDS) {
      const row = rows.find((r) => r.kind === kind);
      if (!row || left <= 0) continue;
      const written = await writeAutomation(tx, shop, row, now, left, perRun);
      left -= written.parts;
      if (written.messages) queued[kind] = written.messages;
    }
  });
  return queued;
}

async function writeAutomation(
  tx: Executor,
  shop: ShopRow,
  row: AutomationRow,
  now: Date,
  left: number,
  perRun: number,
): Promise<{ messages: number; parts: number }> {
  const kind = row.kind as TAutomationKind;
  const spec = AUTOMATIONS[kind];
  // The clients due not written to yet for their occasion, page after page: those written to
  // already (a debt reminded last week, still owed) must not hide the others from every run.
  const fresh: OccasionRecipient[] = [];
  let after: string | undefined;
  for (;;) {
    const due = await occasionRecipients(tx, shop, kind, { days: row.days, now, limit: perRun, after });
    const written = await alreadyWritten(tx, shop.id, kind, due);
    fresh.push(...due.filter((d) => !written.has(`${d.clientId}/${d.occasion}`)));
    if (due.length < perRun || fresh.length >= perRun) break;
    after = due[due.length - 1]!.clientId;
  }
  fresh.splice(perRun);
  const text = (d: OccasionRecipient, code?: string) =>
    campaignText(row.template, d, shop, {
      code,
      amount: formatMoney(d.balance, shop.currency),
      marketing: spec.marketing,
    });
  // Real codes have the sample's length and letters: the parts counted now are the parts sent.
  const withCode = usesCode(row.template);
  const kept: OccasionRecipient[] = [];
  let parts = 0;
  for (const d of fresh) {
    const p = smsParts(smsText(text(d, withCode ? sampleMessageCode() : undefined))).parts;
    if (parts + p > left) break;
    kept.push(d);
    parts += p;
  }
  if (kept.length === 0) return { messages: 0, parts: 0 };
  let codes: string[] | undefined;
  if (withCode) {
    try {
      codes = await issueMessageCodes(tx, shop.id, row.discountId ?? '', kept.length);
    } catch (error) {
      // The discount ended or was switched off since: nothing goes until the shop picks another.
      getLogger().warn({ err: error, shopId: shop.id, kind }, 'automatisation sans réduction utilisable');
      return { messages: 0, parts: 0 };
    }
  }
  const rows = kept.map((d, i) => {
    const body = text(d, codes?.[i]);
    return {
      id: newId(),
      shopId: shop.id,
      automation: kind,
      occasion: d.occasion,
      marketing: spec.marketing,
      clientId: d.clientId,
      phone: d.phone,
      body,
      discountCode: codes?.[i] ?? null,
      parts: smsParts(smsText(body)).parts,
    };
  });
  // Under the shop's lock none can be written already; the unique index holds it all the same.
  const inserted = await insertCrmMessages(tx, rows);
  const messages = rows.filter((m) => inserted.has(m.id));
  await countCrmSms(tx, shop.id, messages, 'automation');
  await jobQueue().enqueueMany(
    campaignSmsJob.name,
    messages.map((m) => ({ messageId: m.id })),
    { tx },
  );
  return { messages: messages.length, parts: messages.reduce((sum, m) => sum + m.parts, 0) };
}

/** An automation's latest messages (50), newest first, with their statuses. */
export async function automationMessages(db: Executor, shopId: string, kind: TAutomationKind, limit = 50) {
  const rows = await db
    .select(MESSAGE_COLUMNS)
    .from(crmCampaignMessages)
    .where(and(eq(crmCampaignMessages.shopId, shopId), eq(crmCampaignMessages.automation, kind)))
    .orderBy(desc(crmCampaignMessages.id))
    .limit(limit);
  return rows.map(toCrmMessage);
}
