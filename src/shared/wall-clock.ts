import { DEFAULT_TIME_ZONE, zonedParts } from './dates';

/*
 * The shop's wall clock read and written in words, on Intl (./dates.ts): a day typed in a
 * `datetime-local` field, « 1er mars ». Apart from ./dates.ts, which every page loads for its dates.
 */

/** The months in French, January first. */
export const MONTH_NAMES = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

/** « 1er mars », « 5 mars » (month 1 to 12). */
export function dayOfMonthText(day: number, month: number): string {
  return `${day === 1 ? '1er' : day} ${MONTH_NAMES[month - 1]}`;
}

const DAY_MS = 86_400_000;

/** The zone's offset from UTC at `at`, in minutes (`at` on a whole minute). */
function offsetMinutes(at: number, timeZone: string): number {
  const p = zonedParts(at, timeZone);
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return (wall - at) / 60_000;
}

/**
 * The instant a wall clock in `timeZone` shows « YYYY-MM-DDTHH:mm » (a `datetime-local` field's
 * text); null when the text is no such date (« 2026-02-30T10:00 »). On Intl, as `zonedParts`: the
 * pages that read a date typed in the shop's zone do not load dayjs. Around a summer-time change,
 * as Temporal's « compatible »: a time the clocks show twice is the earlier, one they skip is read
 * with the offset from before the change (02:30 becomes 03:30).
 */
export function zonedInstant(text: string, timeZone: string = DEFAULT_TIME_ZONE): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const read = new Date(wall);
  // Date.UTC carries an overflow into the next field (30 February is 2 March): refused.
  if (
    read.getUTCFullYear() !== year ||
    read.getUTCMonth() !== month - 1 ||
    read.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59
  )
    return null;
  // The offsets a day before and a day after: the same, unless the clocks change in between.
  const before = offsetMinutes(wall - DAY_MS, timeZone);
  const after = offsetMinutes(wall + DAY_MS, timeZone);
  const instants = [before, after]
    .map((offset) => ({ offset, at: wall - offset * 60_000 }))
    .filter(({ offset, at }) => offsetMinutes(at, timeZone) === offset)
    .map(({ at }) => at);
  // Shown twice (clocks put back): the earlier; skipped (put forward): read with the offset before.
  return new Date(instants.length ? Math.min(...instants) : wall - before * 60_000);
}
