import type { CountryCode } from 'libphonenumber-js';
import type { Database } from '@/server/db';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { catalogueVersion, findChannelVariants } from '@/features/product/server/channel-catalogue';
import { findCustomerByPhone } from '@/features/customer/server/customers';
import { listZones } from '@/features/delivery/server/zones';
import { quoteDelivery } from '@/features/delivery/server/quote';
import { normalizeForSearch } from '@/shared/search';
import { toE164 } from '@/shared/phone';
import { Errors } from '@/server/http/errors';
import { parseOrderMessage } from '../paste/parse-message';
import { CatalogueMatcher } from '../paste/catalogue-matcher';
import type { TPasteDraft } from '../channel.schemas';

/*
 * « Coller une conversation »: a customer's WhatsApp message(s) made into a draft order the seller
 * corrects and confirms (the order itself is placed by the order module, as any other: stock
 * reserved, quota counted). Nothing is written here.
 */

interface HeldMatcher {
  version: string;
  matcher: CatalogueMatcher;
}

/** One index per shop, built again when its catalogue moves; the busiest shops stay in memory. */
const matchers = new Map<string, HeldMatcher>();
const MAX_SHOPS = 50;

async function matcherOf(db: Database, shopId: string): Promise<CatalogueMatcher> {
  const version = await catalogueVersion(db, shopId);
  const held = matchers.get(shopId);
  if (held?.version === version) {
    matchers.delete(shopId);
    matchers.set(shopId, held);
    return held.matcher;
  }
  const matcher = new CatalogueMatcher(await findChannelVariants(db, shopId, 'whatsapp'));
  matchers.delete(shopId);
  matchers.set(shopId, { version, matcher });
  if (matchers.size > MAX_SHOPS) matchers.delete(matchers.keys().next().value!);
  return matcher;
}

/** Made ready before the first paste (the demo shop at start): the first seller does not wait. */
export async function warmPasteMatcher(db: Database, shopId: string): Promise<void> {
  await matcherOf(db, shopId);
}

/** The delivery zone's commune and quartier the customer named, by the shop's zones' own words. */
async function placeOf(
  db: Database,
  shopId: string,
  text: string,
): Promise<{ text: string; commune: string; quartier: string }> {
  const said = ` ${normalizeForSearch(text).replace(/[^a-z0-9]+/g, ' ')} `;
  const has = (name: string) =>
    name !== '' && said.includes(` ${normalizeForSearch(name).replace(/[^a-z0-9]+/g, ' ')} `);
  let byCommune: { commune: string; quartier: string } | null = null;
  for (const zone of await listZones(db, shopId)) {
    if (!zone.isActive) continue;
    for (const area of zone.areas) {
      if (area.quartier && has(area.quartier))
        return { text, commune: area.commune, quartier: area.quartier };
      if (!byCommune && has(area.commune)) byCommune = { commune: area.commune, quartier: '' };
    }
  }
  // Nowhere the shop delivers by name: kept as the customer wrote it, for the seller to correct.
  return { text, ...(byCommune ?? { commune: text, quartier: '' }) };
}

export async function draftFromPaste(db: Database, shop: ShopRow, text: string): Promise<TPasteDraft> {
  const parsed = parseOrderMessage(text);
  const started = performance.now();
  const matcher = await matcherOf(db, shop.id);
  const matches = matcher.matchMessage(parsed);
  const tookMs = performance.now() - started;

  const lines = matches.filter((m) => m.best || m.alternatives.length);
  const unmatched = matches.filter((m) => !m.best && !m.alternatives.length).map((m) => m.line.raw);
  const phone = parsed.phones.map((p) => toE164(p, shop.country as CountryCode)).find((p) => p) ?? null;
  if (lines.length === 0 && !phone && !parsed.place)
    throw Errors.validation(
      {
        text: 'Aucun produit, numéro ni quartier reconnu dans ce message : vérifiez le texte collé ou saisissez la commande.',
      },
      'Rien de reconnaissable dans ce message.',
    );

  const client = phone ? await findCustomerByPhone(db, shop.id, phone) : null;
  const place = parsed.place ? await placeOf(db, shop.id, parsed.place) : null;
  const goods = lines.reduce((sum, m) => sum + (m.best ? m.best.price * m.line.quantity : 0), 0);
  const quote = place
    ? await quoteDelivery(db, shop.id, { commune: place.commune, quartier: place.quartier }, goods)
    : null;
  const note = [parsed.note, ...unmatched.map((raw) => `Non reconnu : ${raw}`)].filter(Boolean).join('\n');
  return {
    lines: lines.map((m) => ({
      raw: m.line.raw,
      phrase: m.line.phrase,
      quantity: m.line.quantity,
      best: m.best,
      alternatives: m.alternatives,
    })),
    unmatched,
    phone,
    name: client?.name ?? parsed.name,
    client: client && { id: client.id, name: client.name, phone: client.phone },
    place,
    zone:
      quote?.zone && quote.fee !== null ? { name: quote.zone.name, fee: quote.isFree ? 0 : quote.fee } : null,
    note,
    tookMs: Math.round(tookMs * 10) / 10,
  };
}
