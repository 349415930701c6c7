import type { CountryCode } from 'libphonenumber-js';
import type { Database } from '@/server/db';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import {
  catalogueInstants,
  channelIndexDigests,
  channelVariantFigures,
  findChannelVariants,
} from '@/features/product/server/channel-catalogue';
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
  /** The catalogue's last save and deletion when the index was last checked. */
  at: string | null;
  removed: string | null;
  matcher: CatalogueMatcher;
  /** What the index was made of, by product (channelIndexDigests). */
  digests: Map<string, string>;
}

/** One index per shop; the busiest shops stay in memory. */
const matchers = new Map<string, HeldMatcher>();
const MAX_SHOPS = 50;
/** More saved products than this since the last look: built again rather than compared. */
const MAX_COMPARED = 500;

async function build(db: Database, shopId: string, at: string | null, removed: string | null) {
  const [variants, digests] = await Promise.all([
    findChannelVariants(db, shopId, 'whatsapp'),
    channelIndexDigests(db, shopId, 'whatsapp', null),
  ]);
  return { at, removed, matcher: new CatalogueMatcher(variants), digests };
}

/**
 * The shop's index, built again only when what it is made of changed: a sale moves a product's
 * `updated_at` (its stock) but not its name, options or offer, and a busy shop's sales must not
 * cost a rebuild each (seconds at 20 000 products). Prices and stock are read fresh at each paste.
 */
async function matcherOf(db: Database, shopId: string): Promise<CatalogueMatcher> {
  const { at, removed } = await catalogueInstants(db, shopId);
  let held = matchers.get(shopId);
  if (!held || held.removed !== removed) held = await build(db, shopId, at, removed);
  else if (held.at !== at) {
    const changed = await channelIndexDigests(db, shopId, 'whatsapp', held.at, MAX_COMPARED + 1);
    const same =
      changed.size <= MAX_COMPARED && [...changed].every(([id, digest]) => held!.digests.get(id) === digest);
    held = same ? { ...held, at } : await build(db, shopId, at, removed);
  }
  matchers.delete(shopId);
  matchers.set(shopId, held);
  if (matchers.size > MAX_SHOPS) matchers.delete(matchers.keys().next().value!);
  return held.matcher;
}

/**
 * Made ready when the seller opens « Coller une conversation », while they copy the message from
 * WhatsApp: a catalogue of 20 000 products takes seconds to index, the paste then milliseconds.
 */
export async function warmPasteMatcher(db: Database, shopId: string): Promise<number> {
  return (await matcherOf(db, shopId)).size;
}

/** The delivery zone's commune and quartier the customer named, by the shop's zones' own words. */
async function placeOf(
  db: Database,
  shopId: string,
  text: string,
  /** The customer said where (« livraison à … »): kept as written when no zone names it. */
  isSaid: boolean,
): Promise<{ text: string; commune: string; quartier: string } | null> {
  const said = ` ${normalizeForSearch(text).replace(/[^a-z0-9]+/g, ' ')} `;
  const has = (name: string) =>
    name !== '' && said.includes(` ${normalizeForSearch(name).replace(/[^a-z0-9]+/g, ' ')} `);
  let byCommune: { commune: string; quartier: string } | null = null;
  for (const zone of await listZones(db, shopId)) {
    if (!zone.isActive) continue;
    for (const area of zone.areas) {
      if (area.quartier && has(area.quartier))
        return { text: isSaid ? text : area.quartier, commune: area.commune, quartier: area.quartier };
      if (!byCommune && has(area.commune)) byCommune = { commune: area.commune, quartier: '' };
    }
  }
  if (byCommune) return { text: isSaid ? text : byCommune.commune, ...byCommune };
  // Nowhere the shop delivers by name: kept as the customer wrote it, for the seller to correct.
  return isSaid ? { text, commune: text, quartier: '' } : null;
}

export async function draftFromPaste(db: Database, shop: ShopRow, text: string): Promise<TPasteDraft> {
  const parsed = parseOrderMessage(text);
  const started = performance.now();
  const matcher = await matcherOf(db, shop.id);
  const found = matcher.matchMessage(parsed);
  const tookMs = performance.now() - started;
  // The index's prices and stock date from its build: what the seller reads is now's.
  const figures = await channelVariantFigures(
    db,
    shop.id,
    'whatsapp',
    found.flatMap((m) => [...(m.best ? [m.best.variantId] : []), ...m.alternatives.map((a) => a.variantId)]),
  );
  const fresh = <T extends { variantId: string; price: number; stock: number | null }>(match: T): T => ({
    ...match,
    ...figures.get(match.variantId),
  });
  const matches = found.map((m) => ({
    ...m,
    best: m.best && fresh(m.best),
    alternatives: m.alternatives.map(fresh),
  }));

  const lines = matches.filter((m) => m.best || m.alternatives.length);
  const unmatched = matches.filter((m) => !m.best && !m.alternatives.length).map((m) => m.line.raw);
  const phone = parsed.phones.map((p) => toE164(p, shop.country as CountryCode)).find((p) => p) ?? null;
  // « Livraison Ouakam », without « à »: a name of the shop's zones anywhere in the text will do.
  const place = await placeOf(db, shop.id, parsed.place ?? text, parsed.place !== null);
  if (lines.length === 0 && !phone && !place)
    throw Errors.validation(
      {
        text: 'Aucun produit, numéro ni quartier reconnu dans ce message : vérifiez le texte collé ou saisissez la commande.',
      },
      'Rien de reconnaissable dans ce message.',
    );

  const client = phone ? await findCustomerByPhone(db, shop.id, phone) : null;
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
