import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db';
import { channelSettings } from '@/server/db/schema/channel';
import { Errors } from '@/server/http/errors';
import { publicUrl } from '@/server/env';
import { toE164 } from '@/shared/phone';
import type { CountryCode } from 'libphonenumber-js';
import {
  DEFAULT_MESSAGE_TEMPLATES,
  MESSAGE_TEMPLATES,
  type MessageTemplateKey,
  type TChannelSettings,
  type TChannelSettingsBody,
} from '../channel.schemas';

export type ChannelSettingsRow = typeof channelSettings.$inferSelect;

/** The shop's row, made with its feed secret the first time it is needed. */
export async function channelSettingsOf(db: Executor, shopId: string): Promise<ChannelSettingsRow> {
  const [row] = await db.select().from(channelSettings).where(eq(channelSettings.shopId, shopId));
  if (row) return row;
  const [made] = await db
    .insert(channelSettings)
    .values({ shopId, feedSecret: newFeedSecret() })
    .onConflictDoNothing()
    .returning();
  return made ?? (await db.select().from(channelSettings).where(eq(channelSettings.shopId, shopId)))[0]!;
}

/** Long enough that nobody guesses it: the feed is the whole catalogue with its prices. */
function newFeedSecret(): string {
  return randomBytes(18).toString('base64url');
}

export function feedUrls(secret: string): { meta: string; google: string } {
  const base = `${publicUrl()}/api/channel/feed/${secret}`;
  return { meta: `${base}/meta.csv`, google: `${base}/google.xml` };
}

export function templatesOf(
  row: Pick<ChannelSettingsRow, 'messageTemplates'>,
): Record<MessageTemplateKey, string> {
  return Object.fromEntries(
    MESSAGE_TEMPLATES.map((key) => [key, row.messageTemplates[key] ?? DEFAULT_MESSAGE_TEMPLATES[key]]),
  ) as Record<MessageTemplateKey, string>;
}

export function settingsDto(row: ChannelSettingsRow): TChannelSettings {
  return {
    whatsappPhone: row.whatsappPhone,
    templates: templatesOf(row),
    customTemplates: MESSAGE_TEMPLATES.filter((key) => row.messageTemplates[key] !== undefined),
    feedBrand: row.feedBrand,
    feeds: feedUrls(row.feedSecret),
  };
}

/**
 * Changes what is sent, the rest kept. A template sent as ours again is forgotten, so a later
 * change of our wording reaches it.
 */
export async function updateChannelSettings(
  db: Executor,
  shop: { id: string; country: string },
  input: Omit<TChannelSettingsBody, 'shopId'>,
): Promise<ChannelSettingsRow> {
  const current = await channelSettingsOf(db, shop.id);
  const changes: Partial<ChannelSettingsRow> = {};
  if (input.whatsappPhone !== undefined) {
    if (input.whatsappPhone === '') changes.whatsappPhone = null;
    else {
      const e164 = toE164(input.whatsappPhone, shop.country as CountryCode);
      if (!e164)
        throw Errors.validation({
          whatsappPhone:
            'Numéro WhatsApp invalide : tapez-le avec son indicatif (+221 77 123 45 67) ou tel qu’on le compose dans le pays.',
        });
      changes.whatsappPhone = e164;
    }
  }
  if (input.templates) {
    const templates = { ...current.messageTemplates };
    for (const key of MESSAGE_TEMPLATES) {
      const text = input.templates[key];
      if (text === undefined) continue;
      if (text === DEFAULT_MESSAGE_TEMPLATES[key]) delete templates[key];
      else templates[key] = text;
    }
    changes.messageTemplates = templates;
  }
  if (input.feedBrand !== undefined) changes.feedBrand = input.feedBrand;
  const [row] = await db
    .update(channelSettings)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(channelSettings.shopId, shop.id))
    .returning();
  return row!;
}

/** A new secret: the old feed addresses answer 404 from now on (a leaked address is closed). */
export async function renewFeedSecret(db: Executor, shopId: string): Promise<ChannelSettingsRow> {
  await channelSettingsOf(db, shopId);
  const [row] = await db
    .update(channelSettings)
    .set({ feedSecret: newFeedSecret(), updatedAt: sql`now()` })
    .where(eq(channelSettings.shopId, shopId))
    .returning();
  return row!;
}

export async function findShopIdByFeedSecret(db: Executor, secret: string): Promise<string | null> {
  const [row] = await db
    .select({ shopId: channelSettings.shopId })
    .from(channelSettings)
    .where(eq(channelSettings.feedSecret, secret));
  return row?.shopId ?? null;
}

/** The shop's WhatsApp number, if it gave one (the online shop's buttons, the share links). */
export async function shopWhatsappPhone(db: Executor, shopId: string): Promise<string | null> {
  const [row] = await db
    .select({ phone: channelSettings.whatsappPhone })
    .from(channelSettings)
    .where(eq(channelSettings.shopId, shopId));
  return row?.phone ?? null;
}
