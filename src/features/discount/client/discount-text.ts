import { zonedParts } from '@/shared/dates';
import { dayOfMonthText } from '@/shared/wall-clock';
import { formatMoney } from '@/shared/money';
import { percentText } from '@/shared/discounts/messages';
import type {
  CustomerEligibility,
  DiscountConditions,
  DiscountState,
  DiscountValue,
  ProductSelection,
  Reduction,
  SalesChannel,
} from '@/shared/discounts/types';
import type { DISCOUNT_TYPES } from '../discount.schemas';
import { formatCount } from '@/shared/numbers';

/*
 * What the Réductions screens write about a discount, in French: its value (« −10 % sur la
 * commande », « 3 pour le prix de 2 »), its state, and the one-line summary of the editor. Pure, so
 * the list, the editor and their tests read the same sentences.
 */

export const STATE_LABELS: Record<DiscountState, string> = {
  draft: 'Brouillon',
  scheduled: 'Programmée',
  active: 'Active',
  expired: 'Expirée',
  disabled: 'Désactivée',
};

export const STATE_COLORS: Record<DiscountState, string> = {
  draft: 'gray',
  scheduled: 'blue',
  active: 'green',
  expired: 'orange',
  disabled: 'red',
};

export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const TYPE_LABELS: Record<DiscountType, string> = {
  order: 'Sur la commande',
  products: 'Sur des produits',
  delivery: 'Livraison offerte',
  'buy-x-get-y': 'Achetez X, obtenez Y',
};

export const KIND_LABELS = { code: 'Code', automatic: 'Automatique' } as const;

export const CHANNEL_LABELS: Record<SalesChannel, string> = {
  pos: 'Point de vente',
  manual: 'Commandes manuelles',
  storefront: 'Site web',
  whatsapp: 'WhatsApp',
};
export const CHANNELS = Object.keys(CHANNEL_LABELS) as SalesChannel[];

const CHANNEL_PLACES: Record<SalesChannel, string> = {
  pos: 'au point de vente',
  manual: 'en commande manuelle',
  storefront: 'sur le site web',
  whatsapp: 'sur WhatsApp',
};

/** ISO days: 1 = lundi … 7 = dimanche. */
export const WEEKDAY_LABELS = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'];

/** « a », « a et b », « a, b et c ». */
export function listText(items: readonly string[]): string {
  if (items.length < 2) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} et ${items.at(-1)}`;
}

/** 10 → « 10 % », 12.5 → « 12,5 % ». */
export function percentageText(percentage: number): string {
  return percentText(Math.round(percentage * 100));
}

function reductionText(reduction: Reduction, currency: string): string {
  return reduction.type === 'percentage'
    ? `−${percentageText(reduction.percentage)}`
    : `−${formatMoney(reduction.amount, currency)}`;
}

function sameSelection(a: ProductSelection, b: ProductSelection): boolean {
  const key = (s: ProductSelection) =>
    JSON.stringify([
      !!s.all,
      [...(s.productIds ?? [])].sort(),
      [...(s.variantIds ?? [])].sort(),
      [...(s.categoryIds ?? [])].sort(),
    ]);
  return key(a) === key(b);
}

/** What a discount takes off, as the list and the summary say it. */
export function valueText(value: DiscountValue, currency: string): string {
  switch (value.target) {
    case 'order':
      return `${reductionText(value.reduction, currency)} sur la commande`;
    case 'products':
      if (value.reduction.type === 'amount')
        return value.amountPer === 'order'
          ? `${reductionText(value.reduction, currency)} sur les produits choisis`
          : `${reductionText(value.reduction, currency)} par article choisi`;
      return `${reductionText(value.reduction, currency)} sur les produits choisis`;
    case 'delivery':
      return 'Livraison offerte';
    case 'buy-x-get-y': {
      const { buy, get } = value;
      const once = value.repeats ? '' : ', une fois par commande';
      if (get.percentage >= 100 && sameSelection(buy.products, get.products))
        return `${buy.quantity + get.quantity} pour le prix de ${buy.quantity}${once}`;
      const given =
        get.percentage >= 100
          ? `${get.quantity} offert${get.quantity > 1 ? 's' : ''}`
          : `${get.quantity} à −${percentageText(get.percentage)}`;
      return `${buy.quantity} acheté${buy.quantity > 1 ? 's' : ''}, ${given}${once}`;
    }
  }
}

function customersText(customers: CustomerEligibility | null | undefined): string | null {
  if (!customers || customers.type === 'all') return null;
  if (customers.type === 'first-order') return 'pour une première commande';
  if (customers.type === 'ids')
    return customers.ids.length === 1
      ? 'pour 1 client choisi'
      : `pour ${customers.ids.length} clients choisis`;
  return `pour les clients ${listText(customers.tags.map((t) => `«\u00a0${t}\u00a0»`))}`;
}

/** A day and time on the shop's wall clock. */
interface WallDay {
  year: number;
  month: number;
  day: number;
  /** « 18:30 ». */
  time: string;
}

function wallDay(iso: string | Date, timeZone: string): WallDay {
  const p = zonedParts(iso, timeZone);
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day), time: `${p.hour}:${p.minute}` };
}

/** The day before (its time kept). */
function dayBefore(d: WallDay): WallDay {
  const before = new Date(Date.UTC(d.year, d.month - 1, d.day - 1));
  return {
    year: before.getUTCFullYear(),
    month: before.getUTCMonth() + 1,
    day: before.getUTCDate(),
    time: d.time,
  };
}

/** « le 1er décembre », with the year when it is not `now`'s, and « à 18:30 » when a time is set. */
function dayText(day: WallDay, now: WallDay, time: boolean): string {
  const year = day.year === now.year ? '' : ` ${day.year}`;
  return `${dayOfMonthText(day.day, day.month)}${year}${time ? ` à ${day.time}` : ''}`;
}

/**
 * « du 1er au 31 décembre », « à partir du 5 janvier 2027 », « jusqu’au 31 décembre à 18:00 ». An end
 * at midnight is the day before's end (the end is excluded), as is one at 23:59.
 */
export function periodText(
  startsAt: string | null | undefined,
  endsAt: string | null | undefined,
  timeZone: string,
  now: Date = new Date(),
): string | null {
  const today = wallDay(now, timeZone);
  const start = startsAt ? wallDay(startsAt, timeZone) : null;
  let end = endsAt ? wallDay(endsAt, timeZone) : null;
  let endTime = false;
  if (end) {
    if (end.time === '00:00') end = dayBefore(end);
    else endTime = end.time !== '23:59';
  }
  const startTime = !!start && start.time !== '00:00';
  if (start && end) {
    const sameMonth = start.year === end.year && start.month === end.month && !startTime;
    const from = sameMonth ? (start.day === 1 ? '1er' : String(start.day)) : dayText(start, today, startTime);
    const sameDay = sameMonth && start.day === end.day;
    if (sameDay && !endTime) return `le ${dayText(end, today, false)}`;
    return `du ${from} au ${dayText(end, today, endTime)}`;
  }
  if (start) return `à partir du ${dayText(start, today, startTime)}`;
  if (end) return `jusqu’au ${dayText(end, today, endTime)}`;
  return null;
}

export interface SummaryInput {
  value: DiscountValue;
  conditions?: DiscountConditions | null;
  limits?: { maxAmountPerOrder?: number | null } | null;
  startsAt?: string | null;
  endsAt?: string | null;
}

/** The editor's one line: « −10 % sur la commande dès 10 000 FCFA, du 1er au 31 décembre ». */
export function summaryText(
  discount: SummaryInput,
  currency: string,
  timeZone: string,
  now: Date = new Date(),
): string {
  const c = discount.conditions ?? {};
  const parts: string[] = [];
  const minimums = [
    c.minSubtotal ? `dès ${formatMoney(c.minSubtotal, currency)}` : null,
    c.minQuantity ? `dès ${c.minQuantity} article${c.minQuantity > 1 ? 's' : ''}` : null,
  ].filter((p): p is string => !!p);
  let head = valueText(discount.value, currency);
  if (minimums.length) head += ` ${minimums.join(' et ')}`;
  const max = discount.limits?.maxAmountPerOrder;
  if (max) head += ` (au plus ${formatMoney(max, currency)} par commande)`;
  parts.push(head);
  const who = customersText(c.customers);
  if (who) parts.push(who);
  const channels = c.channels?.length && c.channels.length < CHANNELS.length ? c.channels : null;
  if (channels)
    parts.push(listText(CHANNELS.filter((ch) => channels.includes(ch)).map((ch) => CHANNEL_PLACES[ch])));
  const days = c.weekdays?.length && c.weekdays.length < 7 ? [...c.weekdays].sort() : null;
  if (days) parts.push(listText(days.map((d) => `le ${WEEKDAY_LABELS[d - 1] ?? ''}`)));
  if (c.hours) parts.push(`de ${c.hours.from} à ${c.hours.to}`);
  const period = periodText(discount.startsAt, discount.endsAt, timeZone, now);
  if (period) parts.push(period);
  return parts.join(', ');
}

/** « 3 commandes », « 45 000 FCFA de ventes », « −4 500 FCFA remisés »; one part when unused. */
export function usageParts(
  usage: { orders: number; revenue: number; discounted: number },
  currency: string,
): string[] {
  if (usage.orders === 0) return ['Aucune commande'];
  return [
    `${formatCount(usage.orders)} commande${usage.orders > 1 ? 's' : ''}`,
    `${formatMoney(usage.revenue, currency)} de ventes`,
    `−${formatMoney(usage.discounted, currency)} remisés`,
  ];
}

/** « 3 commandes · 45 000 FCFA de ventes · −4 500 FCFA remisés ». */
export function usageText(usage: { orders: number; revenue: number; discounted: number }, currency: string) {
  return usageParts(usage, currency).join(' · ');
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A code to suggest (« Générer »): 8 characters without look-alikes (no O/0, I/1). */
export function suggestCode(random: () => number = Math.random): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[Math.floor(random() * CODE_ALPHABET.length)];
  return code;
}
