import type { StatsComparison } from './stats.schemas';

/*
 * Periods of days (« 2026-11-25 »), as the shop counts them: presets, the period compared with,
 * the points of a chart. Pure date arithmetic on calendar days (UTC noon avoids any DST edge).
 */

export type Period = { from: string; to: string };
export type Granularity = 'hour' | 'day' | 'week' | 'month';

const DAY_MS = 86_400_000;
const toTime = (day: string) => Date.parse(`${day}T12:00:00Z`);
const toDay = (time: number) => new Date(time).toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return toDay(toTime(day) + days * DAY_MS);
}

/** Days from `from` to `to` (0 for the same day), NaN for a date that does not exist. */
export function daysBetween(from: string, to: string): number {
  const a = toTime(from);
  const b = toTime(to);
  if (Number.isNaN(a) || Number.isNaN(b) || toDay(a) !== from || toDay(b) !== to) return Number.NaN;
  return Math.round((b - a) / DAY_MS);
}

function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1, 12));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0, 12)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return toDay(first.getTime());
}

/** The period before (same length, just before) or the same days a year earlier; null for none. */
export function comparedPeriod(period: Period, compare: StatsComparison): Period | null {
  if (compare === 'none') return null;
  if (compare === 'year') return { from: addMonths(period.from, -12), to: addMonths(period.to, -12) };
  const length = daysBetween(period.from, period.to) + 1;
  return { from: addDays(period.from, -length), to: addDays(period.from, -1) };
}

/** By hour for one day, by day up to ~3 months, by week up to ~1 year, by month beyond. */
export function granularityOf(period: Period): Granularity {
  const days = daysBetween(period.from, period.to) + 1;
  if (days <= 1) return 'hour';
  if (days <= 92) return 'day';
  if (days <= 366) return 'week';
  return 'month';
}

const MONTHS = [
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
];
const shortDay = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;

/** Monday of the week of `day` (ISO weeks, as PostgreSQL's date_trunc('week')). */
function mondayOf(day: string): string {
  const weekday = (new Date(toTime(day)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** Every point of the chart, empty ones included, with its French label. */
export function pointsOf(period: Period, granularity: Granularity): Array<{ at: string; label: string }> {
  const points: Array<{ at: string; label: string }> = [];
  if (granularity === 'hour') {
    for (let h = 0; h < 24; h++)
      points.push({ at: `${period.from}T${String(h).padStart(2, '0')}`, label: `${h} h` });
    return points;
  }
  if (granularity === 'day') {
    for (let d = period.from; d <= period.to; d = addDays(d, 1)) points.push({ at: d, label: shortDay(d) });
    return points;
  }
  if (granularity === 'week') {
    for (let d = mondayOf(period.from); d <= period.to; d = addDays(d, 7))
      points.push({ at: d, label: `sem. du ${shortDay(d)}` });
    return points;
  }
  for (let d = `${period.from.slice(0, 7)}-01`; d <= period.to; d = addMonths(d, 1))
    points.push({ at: d, label: `${MONTHS[Number(d.slice(5, 7)) - 1]} ${d.slice(0, 4)}` });
  return points;
}

export const PERIOD_PRESETS = [
  'today',
  'yesterday',
  'last7',
  'last30',
  'thisMonth',
  'lastMonth',
  'thisYear',
  'custom',
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const PERIOD_PRESET_LABELS: Record<PeriodPreset, string> = {
  today: 'Aujourd’hui',
  yesterday: 'Hier',
  last7: '7 derniers jours',
  last30: '30 derniers jours',
  thisMonth: 'Ce mois-ci',
  lastMonth: 'Le mois dernier',
  thisYear: 'Cette année',
  custom: 'Personnalisée',
};

/** The days of a preset, `today` being the shop's day (its time zone). */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, today: string): Period {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'lastMonth': {
      const first = addMonths(`${today.slice(0, 7)}-01`, -1);
      return { from: first, to: addDays(`${today.slice(0, 7)}-01`, -1) };
    }
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/**
 * A period as whole months (their first days, `from` to `to` included) and the days at either
 * edge: products are summed by month where they can be, by day only at the edges.
 */
export function splitByMonths(period: Period): { months: Period | null; days: Period[] } {
  const firstStart = period.from.endsWith('-01')
    ? period.from
    : addMonths(`${period.from.slice(0, 7)}-01`, 1);
  const nextOfTo = addDays(period.to, 1);
  // The last whole month ends on `to` when `to` is a month's last day.
  const lastEnd = nextOfTo.endsWith('-01') ? period.to : addDays(`${period.to.slice(0, 7)}-01`, -1);
  if (firstStart > lastEnd) return { months: null, days: [period] };
  const days: Period[] = [];
  if (period.from < firstStart) days.push({ from: period.from, to: addDays(firstStart, -1) });
  if (lastEnd < period.to) days.push({ from: addDays(lastEnd, 1), to: period.to });
  return { months: { from: firstStart, to: `${lastEnd.slice(0, 7)}-01` }, days };
}

/** A run of days cut at month ends: each piece lies within one calendar month. */
export function withinMonths(period: Period): Period[] {
  const pieces: Period[] = [];
  for (let from = period.from; from <= period.to;) {
    const monthEnd = addDays(addMonths(`${from.slice(0, 7)}-01`, 1), -1);
    const to = monthEnd < period.to ? monthEnd : period.to;
    pieces.push({ from, to });
    from = addDays(to, 1);
  }
  return pieces;
}

/** The first and last days of the month `day` lies in. */
export function monthOf(day: string): Period {
  const from = `${day.slice(0, 7)}-01`;
  return { from, to: addDays(addMonths(from, 1), -1) };
}

/** A run of days cut at year ends: each piece lies within one calendar year. */
export function withinYears(period: Period): Period[] {
  const pieces: Period[] = [];
  for (let from = period.from; from <= period.to;) {
    const yearEnd = `${from.slice(0, 4)}-12-31`;
    const to = yearEnd < period.to ? yearEnd : period.to;
    pieces.push({ from, to });
    from = addDays(to, 1);
  }
  return pieces;
}

/** The first and last days of the year `day` lies in. */
export function yearOf(day: string): Period {
  return { from: `${day.slice(0, 4)}-01-01`, to: `${day.slice(0, 4)}-12-31` };
}
