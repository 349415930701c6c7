import type { Executor } from '@/server/db';
import { categoryChains } from '@/features/product/server/product.repository';
import { applyDiscounts, compileDiscounts, type CompiledDiscounts } from '@/shared/discounts';
import type {
  CartLine,
  Discount,
  DiscountClient,
  PricingResult,
  SalesChannel,
} from '@/shared/discounts/types';
import { loadShopDiscounts } from './discounts';
import { bumpDiscountsRevision, readDiscountSettings } from './discount-settings';
import { isLimited, usageOf } from './discount-usage';

interface ShopDiscounts {
  revision: number;
  loadedAt: number;
  /** When the revision was last read. */
  checkedAt: number;
  discounts: Discount[];
  compiled: CompiledDiscounts;
  stackCapPercent: number;
  /** Whether any discount targets categories: only then are the lines' category chains read. */
  usesCategories: boolean;
  /** Whether any discount is for first orders: only then is the client's history asked. */
  usesFirstOrder: boolean;
  /** The discounts with a use limit: only when one applies are the counts read. */
  limited: ReadonlySet<string>;
}

/*
 * The compiled discounts per shop, kept while the shop's revision (bumped by every change) stands.
 * Reloaded at least every minute anyway, so a discount that ended drops out of the set; a bounded
 * map, oldest shop out first.
 */
const cache = new Map<string, ShopDiscounts>();
const MAX_SHOPS = 2_000;
const MAX_AGE_MS = 60_000;
const REVISION_CHECK_MS = 1_000;

function targetsCategories(d: Discount): boolean {
  const v = d.value;
  const sets =
    v.target === 'products'
      ? [v.products]
      : v.target === 'buy-x-get-y'
        ? [v.buy.products, v.get.products]
        : [];
  return sets.some((s) => (s.categoryIds?.length ?? 0) > 0);
}

/**
 * The shop's discounts compiled for the engine, with its cap. Cached: the revision is read again
 * at most every second (another server's change is seen within a second; this server's own at
 * once, see discountsChanged), the discounts when it moved or after a minute. An instant far from
 * now (the demo's history) is priced with discounts read for it, and not cached.
 */
export async function shopDiscounts(db: Executor, shopId: string, at = new Date()): Promise<ShopDiscounts> {
  const now = Date.now();
  const isNow = Math.abs(at.getTime() - now) < MAX_AGE_MS;
  const held = isNow ? cache.get(shopId) : undefined;
  if (held && now - held.checkedAt < REVISION_CHECK_MS && now - held.loadedAt < MAX_AGE_MS) return held;
  const settings = await readDiscountSettings(db, shopId);
  if (held && held.revision === settings.revision && now - held.loadedAt < MAX_AGE_MS) {
    held.checkedAt = now;
    held.stackCapPercent = settings.stackCapBp / 100;
    return held;
  }
  const discounts = await loadShopDiscounts(db, shopId, at);
  const entry: ShopDiscounts = {
    revision: settings.revision,
    loadedAt: now,
    checkedAt: now,
    discounts,
    compiled: compileDiscounts(discounts),
    stackCapPercent: settings.stackCapBp / 100,
    usesCategories: discounts.some(targetsCategories),
    usesFirstOrder: discounts.some((d) => d.conditions?.customers?.type === 'first-order'),
    limited: new Set(discounts.filter((d) => isLimited(d.limits)).map((d) => d.id)),
  };
  if (!isNow) return entry;
  cache.delete(shopId);
  cache.set(shopId, entry);
  if (cache.size > MAX_SHOPS) cache.delete(cache.keys().next().value!);
  return entry;
}

/**
 * After a change to the shop's discounts or cap is committed: the revision moves for every server,
 * and this one forgets its copy at once.
 */
export async function discountsChanged(db: Executor, shopId: string): Promise<void> {
  await bumpDiscountsRevision(db, shopId);
  cache.delete(shopId);
}

export interface PricingLine {
  /** Unique in the cart (the line's index for an order). */
  id: string;
  variantId: string;
  productId: string;
  /** The product's category then its ancestors. */
  categoryIds: readonly string[];
  quantity: number;
  unitPrice: number;
}

export interface PriceOrderInput {
  shop: { id: string; currency: string; timeZone: string };
  channel: SalesChannel;
  lines: readonly PricingLine[];
  codes: readonly string[];
  deliveryFee: number;
  at: Date;
  /** Its tags reach discounts for « clients avec l’étiquette ». */
  client: { id: string; phone: string | null; tags: readonly string[] } | null;
  /** Asked only when a discount is for first orders. */
  isFirstOrder: () => Promise<boolean>;
}

/**
 * The engine's answer for an order, the server's and authoritative one: the shop's discounts, the
 * limits' counts as they stand, the client. Null when the shop has no live discount and no code
 * was typed: nothing to price, and no query beyond the revision's.
 */
export async function priceOrder(db: Executor, input: PriceOrderInput): Promise<PricingResult | null> {
  const held = await shopDiscounts(db, input.shop.id, input.at);
  if (held.discounts.length === 0 && input.codes.length === 0) return null;
  const lines: CartLine[] = input.lines.map((l) => ({
    id: l.id,
    variantId: l.variantId,
    productId: l.productId,
    categoryIds: [...l.categoryIds],
    quantity: l.quantity,
    unitPrice: l.unitPrice,
  }));
  const phone = input.client?.phone ?? null;
  const client: DiscountClient | null = input.client
    ? {
        id: input.client.id,
        phone,
        tags: [...input.client.tags],
        isFirstOrder: held.usesFirstOrder ? await input.isFirstOrder() : false,
      }
    : null;
  const codes = input.codes.map((c) => c.trim().toUpperCase());
  const pricing = {
    lines,
    client,
    channel: input.channel,
    at: input.at,
    timeZone: input.shop.timeZone,
    codes,
    deliveryFee: input.deliveryFee,
    currency: input.shop.currency,
    stackCapPercent: held.stackCapPercent,
  };
  // Priced first as if no limit were reached: most orders use no limited discount, and read no
  // count. When some apply, their counts are read and the order priced again with them; should
  // that bring in another limited discount (one the first had crowded out), with every count.
  const limitedIn = (result: PricingResult) =>
    new Set(
      result.adjustments.flatMap((a) =>
        a.discount && held.limited.has(a.discount.id) ? [a.discount.id] : [],
      ),
    );
  const first = applyDiscounts(held.compiled, pricing);
  const firstLimited = limitedIn(first);
  if (firstLimited.size === 0) return first;
  const applied = held.discounts.filter((d) => firstLimited.has(d.id));
  const second = applyDiscounts(held.compiled, {
    ...pricing,
    usage: await usageOf(db, input.shop.id, applied, codes, phone),
  });
  if ([...limitedIn(second)].every((id) => firstLimited.has(id))) return second;
  const usage = await usageOf(db, input.shop.id, held.discounts, codes, phone);
  return applyDiscounts(held.compiled, { ...pricing, usage });
}

/** For the till's and the order editor's copy (GET /api/discount/pricing): what they price with. */
export async function pricingData(
  db: Executor,
  shop: { id: string; currency: string; timeZone: string },
  channel: SalesChannel,
  client: {
    id: string;
    phone: string | null;
    tags: readonly string[];
    isFirstOrder: () => Promise<boolean>;
  } | null,
) {
  const now = new Date();
  const held = await shopDiscounts(db, shop.id, now);
  const discounts = held.discounts.filter(
    (d) => !d.conditions?.channels?.length || d.conditions.channels.includes(channel),
  );
  const chains = held.usesCategories ? await categoryChains(db, shop.id) : new Map<string, string[]>();
  return {
    revision: held.revision,
    at: now.toISOString(),
    timeZone: shop.timeZone,
    currency: shop.currency,
    stackCapPercent: held.stackCapPercent,
    discounts,
    usage: await usageOf(db, shop.id, discounts, null, client?.phone ?? null),
    categoryAncestors: Object.fromEntries(chains),
    client: client
      ? {
          id: client.id,
          phone: client.phone,
          tags: [...client.tags],
          isFirstOrder: held.usesFirstOrder ? await client.isFirstOrder() : false,
        }
      : null,
  };
}

/**
 * What one unit of a variant costs after the shop's automatic product discounts, bought alone in
 * the online shop now by nobody in particular: the « sale_price » a catalogue feed advertises.
 * Null when the shop has no automatic discount (nothing to price, nothing to run per variant).
 */
export async function automaticUnitPricer(
  db: Executor,
  shop: { id: string; currency: string; timeZone: string },
): Promise<((line: Omit<CartLine, 'id' | 'quantity'>) => number) | null> {
  const at = new Date();
  const held = await shopDiscounts(db, shop.id, at);
  // Only an automatic discount on products can lower one unit bought alone (an order's needs an
  // order, buy X get Y more than one unit): the engine runs for the lines one of them selects,
  // not for the tens of thousands of a feed that none does.
  const selections = held.discounts.flatMap((d) =>
    d.kind === 'automatic' && d.value.target === 'products' ? [d.value.products] : [],
  );
  if (selections.length === 0) return null;
  const everything = selections.some((s) => s.all);
  const products = new Set(selections.flatMap((s) => s.productIds ?? []));
  const variants = new Set(selections.flatMap((s) => s.variantIds ?? []));
  const categories = new Set(selections.flatMap((s) => s.categoryIds ?? []));
  const isSelected = (line: Omit<CartLine, 'id' | 'quantity'>) =>
    everything ||
    products.has(line.productId) ||
    variants.has(line.variantId) ||
    (line.categoryIds ?? []).some((c) => categories.has(c));
  return (line) => {
    if (!isSelected(line)) return line.unitPrice;
    const result = applyDiscounts(held.compiled, {
      lines: [{ ...line, id: '1', quantity: 1 }],
      client: null,
      channel: 'storefront',
      at,
      timeZone: shop.timeZone,
      codes: [],
      deliveryFee: 0,
      currency: shop.currency,
      stackCapPercent: held.stackCapPercent,
    });
    const off = result.adjustments.filter((a) => a.type === 'product').reduce((sum, a) => sum + a.amount, 0);
    return line.unitPrice - off;
  };
}
