import { basisPoints } from './amounts';
import { minutesOfDay } from './clock';
import type {
  CartLine,
  CustomerEligibility,
  Discount,
  DiscountClass,
  ProductSelection,
  SalesChannel,
} from './types';

/*
 * A shop's discounts read once into what each call needs: times as numbers, sets instead of
 * arrays, percentages in basis points, and indexes from a product, variant or category to the
 * automatic discounts that target it. A call then looks at the discounts its cart's lines reach,
 * not at all of them: the till and the server keep the compiled object while the discounts last.
 */

export interface CompiledSelection {
  all: boolean;
  products: ReadonlySet<string>;
  variants: ReadonlySet<string>;
  categories: ReadonlySet<string>;
}

export interface CompiledDiscount {
  source: Discount;
  id: string;
  /** Its place among the shop's discounts sorted by id: ties and orders compare it, not strings. */
  rank: number;
  name: string;
  cls: DiscountClass;
  combines: Readonly<Record<DiscountClass, boolean>>;
  /** Shopify's rule, per class: discounts of one class stack only when each allows its own class. */
  stacksWithOwnClass: boolean;
  /** Class and combination flags: discounts sharing it are interchangeable for combining. */
  groupKey: string;
  /** Neither draft, disabled nor marked expired. */
  isLive: boolean;
  startsAt: number;
  endsAt: number;
  channels: ReadonlySet<SalesChannel> | null;
  weekdays: ReadonlySet<number> | null;
  hours: { from: number; to: number; fromText: string; toText: string } | null;
  customers: CustomerEligibility | null;
  clientIds: ReadonlySet<string> | null;
  clientTags: ReadonlySet<string> | null;
  /** The reduction's basis points, or its amount; 0 when the value has none. */
  bp: number;
  amount: number;
  /** The lines it lowers (products) or the buy and get sets (buy X get Y). */
  target: CompiledSelection | null;
  buy: CompiledSelection | null;
  get: CompiledSelection | null;
}

export interface CompiledDiscounts {
  readonly byCode: ReadonlyMap<string, { discount: CompiledDiscount; code: string }>;
  readonly byProduct: ReadonlyMap<string, CompiledDiscount[]>;
  readonly byVariant: ReadonlyMap<string, CompiledDiscount[]>;
  readonly byCategory: ReadonlyMap<string, CompiledDiscount[]>;
  /** Automatic ones reaching every line (product class) or the order itself (order, delivery). */
  readonly everyLine: readonly CompiledDiscount[];
  readonly cartWide: readonly CompiledDiscount[];
}

/** How a typed code is compared: trimmed, upper case. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

function instant(text: string | null | undefined, fallback: number): number {
  if (!text) return fallback;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? fallback : ms;
}

function compileSelection(selection: ProductSelection): CompiledSelection {
  return {
    all: selection.all === true,
    products: new Set(selection.productIds ?? []),
    variants: new Set(selection.variantIds ?? []),
    categories: new Set(selection.categoryIds ?? []),
  };
}

export function selects(selection: CompiledSelection, line: CartLine): boolean {
  if (selection.all || selection.products.has(line.productId) || selection.variants.has(line.variantId))
    return true;
  for (const category of line.categoryIds ?? []) if (selection.categories.has(category)) return true;
  return false;
}

function classOf(discount: Discount): DiscountClass {
  const { target } = discount.value;
  return target === 'order' ? 'order' : target === 'delivery' ? 'delivery' : 'product';
}

function nonEmpty<T>(items: readonly T[] | null | undefined): ReadonlySet<T> | null {
  return items && items.length ? new Set(items) : null;
}

function compileOne(discount: Discount, rank: number): CompiledDiscount {
  const cls = classOf(discount);
  const combines = {
    order: discount.combinesWith?.order === true,
    product: discount.combinesWith?.product === true,
    delivery: discount.combinesWith?.delivery === true,
  };
  const conditions = discount.conditions ?? {};
  const from = conditions.hours ? minutesOfDay(conditions.hours.from) : null;
  const to = conditions.hours ? minutesOfDay(conditions.hours.to) : null;
  const customers = conditions.customers ?? null;
  const { value } = discount;
  const reduction = value.target === 'order' || value.target === 'products' ? value.reduction : null;
  return {
    source: discount,
    id: discount.id,
    rank,
    name: discount.name,
    cls,
    combines,
    // Two free deliveries are one: the delivery class never stacks with itself.
    stacksWithOwnClass: cls !== 'delivery' && combines[cls],
    groupKey: `${cls}:${+combines.order}${+combines.product}${+combines.delivery}`,
    isLive: discount.state === 'active' || discount.state === 'scheduled',
    startsAt: instant(discount.startsAt, -Infinity),
    endsAt: instant(discount.endsAt, Infinity),
    channels: nonEmpty(conditions.channels),
    weekdays: nonEmpty(conditions.weekdays),
    hours:
      from !== null && to !== null && from !== to && conditions.hours
        ? { from, to, fromText: conditions.hours.from.trim(), toText: conditions.hours.to.trim() }
        : null,
    customers,
    clientIds: customers?.type === 'ids' ? new Set(customers.ids) : null,
    clientTags: customers?.type === 'tags' ? new Set(customers.tags) : null,
    bp: reduction?.type === 'percentage' ? basisPoints(reduction.percentage) : 0,
    amount: reduction?.type === 'amount' ? Math.max(0, Math.floor(reduction.amount)) : 0,
    target: value.target === 'products' ? compileSelection(value.products) : null,
    buy: value.target === 'buy-x-get-y' ? compileSelection(value.buy.products) : null,
    get: value.target === 'buy-x-get-y' ? compileSelection(value.get.products) : null,
  };
}

function indexUnder(
  index: Map<string, CompiledDiscount[]>,
  keys: ReadonlySet<string>,
  discount: CompiledDiscount,
) {
  for (const key of keys) {
    const list = index.get(key);
    if (!list) index.set(key, [discount]);
    else if (list.at(-1) !== discount) list.push(discount);
  }
}

export function compileDiscounts(discounts: readonly Discount[]): CompiledDiscounts {
  const byCode = new Map<string, { discount: CompiledDiscount; code: string }>();
  const byProduct = new Map<string, CompiledDiscount[]>();
  const byVariant = new Map<string, CompiledDiscount[]>();
  const byCategory = new Map<string, CompiledDiscount[]>();
  const everyLine: CompiledDiscount[] = [];
  const cartWide: CompiledDiscount[] = [];
  // By id, so that a code two discounts share (the admin screen refuses it) resolves the same everywhere.
  const sorted = [...discounts].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const [rank, discount] of sorted.entries()) {
    const compiled = compileOne(discount, rank);
    if (discount.kind === 'code') {
      for (const code of discount.codes ?? []) {
        const key = normaliseCode(code);
        if (key && !byCode.has(key)) byCode.set(key, { discount: compiled, code: code.trim() });
      }
      continue;
    }
    if (!compiled.isLive) continue;
    const selections = [compiled.target, compiled.buy, compiled.get].filter((s) => s !== null);
    if (!selections.length) cartWide.push(compiled);
    else if (selections.some((s) => s.all)) everyLine.push(compiled);
    else
      for (const selection of selections) {
        indexUnder(byProduct, selection.products, compiled);
        indexUnder(byVariant, selection.variants, compiled);
        indexUnder(byCategory, selection.categories, compiled);
      }
  }
  return { byCode, byProduct, byVariant, byCategory, everyLine, cartWide };
}
