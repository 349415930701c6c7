import { CURRENCIES, type CurrencyCode } from '@/shared/countries';
import { formatNumber } from '@/shared/numbers';
import { FULFILMENT_FLOW } from '@/features/order/order.constants';
import { daysBetween, PERIOD_PRESETS, presetPeriod, type Period, type PeriodPreset } from '../periods';
import {
  MAX_PERIOD_DAYS,
  STATS_COMPARISONS,
  STATS_INVENTORY_REPORTS,
  STATS_REPORTS,
  type StatsComparison,
  type StatsReportName,
} from '../stats.constants';
import type { StatsReport, StatsRow } from '../stats.schemas';

/*
 * What /statistiques shows (the period, the comparison, the report), as the screen holds it and as
 * the address bar keeps it, so that a link can be shared and « Retour » finds the previous view.
 */

export interface StatsView {
  preset: PeriodPreset;
  /** Only for « Personnalisée »: the days chosen. */
  from?: string;
  to?: string;
  compare: StatsComparison;
  report: StatsReportName;
}

export const DEFAULT_PRESET: Exclude<PeriodPreset, 'custom'> = 'last7';

export const STATS_COMPARISON_LABELS: Record<StatsComparison, string> = {
  previous: 'Période précédente',
  year: 'Même période l’an dernier',
  none: 'Aucune',
};

/** The reports a role reads: an inventory manager sees what was sold, not the money. */
export function reportsFor(role: string): StatsReportName[] {
  return role === 'inventory-manager' ? [...STATS_INVENTORY_REPORTS] : [...STATS_REPORTS];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string | undefined): value is string =>
  !!value && DAY.test(value) && !Number.isNaN(daysBetween(value, value));

/** Reads the view from the query; anything unknown falls back to the defaults. */
export function viewFromQuery(
  query: Record<string, string | string[] | undefined>,
  reports: readonly StatsReportName[] = STATS_REPORTS,
): StatsView {
  const text = (key: string) => {
    const raw = query[key];
    return (Array.isArray(raw) ? raw[0] : raw)?.trim() || undefined;
  };
  const preset = (PERIOD_PRESETS as readonly string[]).includes(text('period') ?? '')
    ? (text('period') as PeriodPreset)
    : DEFAULT_PRESET;
  const compare = (STATS_COMPARISONS as readonly string[]).includes(text('compare') ?? '')
    ? (text('compare') as StatsComparison)
    : 'previous';
  const report = (reports as readonly string[]).includes(text('report') ?? '')
    ? (text('report') as StatsReportName)
    : (reports[0] ?? 'overview');
  const view: StatsView = { preset, compare, report };
  if (preset === 'custom') {
    const from = text('from');
    const to = text('to');
    if (isDay(from)) view.from = from;
    if (isDay(to)) view.to = to;
  }
  return view;
}

/** The query the view is kept as; the defaults are left out so a link stays short. */
export function viewToQuery(view: StatsView): Record<string, string> {
  const query: Record<string, string> = {};
  if (view.report !== 'overview') query.report = view.report;
  if (view.preset !== DEFAULT_PRESET) query.period = view.preset;
  if (view.preset === 'custom') {
    if (view.from) query.from = view.from;
    if (view.to) query.to = view.to;
  }
  if (view.compare !== 'previous') query.compare = view.compare;
  return query;
}

/**
 * The days the view covers, `today` being the shop's day; a custom period missing a day takes the
 * preset's default's. `error` says why a custom period cannot be asked for.
 */
export function periodOfView(view: StatsView, today: string): { period: Period; error?: string } {
  if (view.preset !== 'custom') return { period: presetPeriod(view.preset, today) };
  const fallback = presetPeriod(DEFAULT_PRESET, today);
  const period = { from: view.from ?? fallback.from, to: view.to ?? fallback.to };
  const days = daysBetween(period.from, period.to);
  if (days < 0) return { period, error: 'La date de fin précède la date de début.' };
  if (days + 1 > MAX_PERIOD_DAYS) return { period, error: 'Une période ne peut pas dépasser 5 ans.' };
  return { period };
}

/** The change from `before` to `now` in percent; null when there is nothing to compare with. */
export function percentChange(now: number | undefined, before: number | null | undefined): number | null {
  if (now === undefined || before === undefined || before === null || before === 0) return null;
  return ((now - before) / Math.abs(before)) * 100;
}

/** « +12,5 % », « −3 % », « 0 % » (no-break narrow space before « % »). */
export function formatChange(change: number): string {
  const rounded = Math.round(change * 10) / 10;
  const sign = rounded > 0 ? '+' : rounded < 0 ? '−' : '';
  return `${sign}${formatNumber(Math.abs(rounded), { maxFractionDigits: 1 })}\u202f%`;
}

let compactFormat: Intl.NumberFormat | undefined;

/** An axis' amount, short: « 12,5 k » for 12 500 FCFA, without the currency. */
export function compactMoney(minorUnits: number, currency: string = 'XOF'): string {
  const info = CURRENCIES[currency as CurrencyCode] ?? CURRENCIES.XOF;
  // Built on the first chart's axis, not as the page loads (src/shared/numbers.ts says why).
  compactFormat ??= new Intl.NumberFormat('fr-FR', { notation: 'compact', maximumFractionDigits: 1 });
  return compactFormat.format(minorUnits / 10 ** info.minorDigits);
}

/** « du 1 nov. 2026 au 25 nov. 2026 », or « le 25 nov. 2026 » for one day. */
export function periodText(period: Period): string {
  const day = (d: string) =>
    new Date(`${d}T12:00:00Z`).toLocaleDateString('fr-FR', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
  return period.from === period.to ? `le ${day(period.from)}` : `du ${day(period.from)} au ${day(period.to)}`;
}

/** The filter of Commandes that finds a row's orders, by report; null where none can. */
function rowFilter(report: StatsReportName, key: string): Record<string, string> | null {
  if (key === 'autres') return null;
  switch (report) {
    case 'channels':
      return { channel: key };
    case 'agents':
      return { agentId: key };
    case 'payments':
    case 'treasury':
      return key === 'credit' ? null : { method: key };
    case 'products':
    case 'margin':
      return { productId: key };
    case 'variants':
      return { variantId: key };
    case 'categories':
      return { categoryId: key };
    case 'clients':
      return { clientId: key };
    case 'communes':
      return { commune: key };
    case 'discounts': {
      // « manual: » (a hand-made discount) and the rounding have no discount to filter by.
      const id = key.slice(key.indexOf(':') + 1);
      return id ? { discountId: id } : null;
    }
    default:
      return null;
  }
}

/**
 * The orders behind a row, as Commandes filters them, over the report's period; null for a row
 * Commandes cannot filter by (« Autres », sales on credit). Reports of sales count neither
 * cancelled nor returned orders, so their links leave those out too: the list counts what the
 * row counts. Money received (payments, treasury) counts every order it came from.
 */
export function drillDown(
  report: Pick<StatsReport, 'report' | 'period'>,
  row: Pick<StatsRow, 'key' | 'label'>,
  shopId: string,
): string | null {
  const filter = rowFilter(report.report, row.key);
  if (!filter) return null;
  const isMoney = report.report === 'payments' || report.report === 'treasury';
  const query = new URLSearchParams({
    shopId,
    from: report.period.from,
    to: report.period.to,
    ...filter,
    ...(isMoney ? {} : { fulfilment: FULFILMENT_FLOW.join(',') }),
    ...(filter.channel || filter.agentId || filter.method ? {} : { libelle: row.label }),
  });
  return `/mes-commandes?${query.toString()}`;
}

/**
 * The orders behind a figure of « Vue d’ensemble »: the period's sales (neither cancelled nor
 * returned), those still owing for « Reste à encaisser », every order of the period for
 * « Encaissé » (money counts whatever became of the order).
 */
export function overviewDrillDown(
  report: Pick<StatsReport, 'period'>,
  figure: string,
  shopId: string,
): string {
  const query = new URLSearchParams({ shopId, from: report.period.from, to: report.period.to });
  if (figure !== 'collected') query.set('fulfilment', FULFILMENT_FLOW.join(','));
  if (figure === 'due') query.set('payment', 'pending,partially_paid');
  return `/mes-commandes?${query.toString()}`;
}
