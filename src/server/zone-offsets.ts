import { intlZonedParts, type FixedOffset } from '@/shared/dates';

/*
 * Whether a zone kept one offset from 2000 to a year from now, on this server's zone rules: the
 * shell sends it, and the browser then writes the shop's dates without Intl (src/shared/dates.ts
 * says why). Checked once a day per zone, every week of the span: a change of offset shows in the
 * week it happens, and daylight saving or a month's suspension of it (Morocco's, at Ramadan) lasts
 * longer than a week.
 */

const SPAN_START = Date.UTC(2000, 0, 1);
const DAY = 86_400_000;
const WEEK = 7 * DAY;
const checked = new Map<string, { at: number; fixed: FixedOffset | null }>();

/** Minutes east of UTC in `timeZone` at `ms`, as Intl reads it. */
function offsetAt(ms: number, timeZone: string): number {
  const p = intlZonedParts(ms, timeZone);
  const local = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
  );
  return Math.round((local - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/** The zone's one offset over the span, or null when it changed (or the zone is unknown). */
export function fixedOffsetOf(timeZone: string, now: number = Date.now()): FixedOffset | null {
  const known = checked.get(timeZone);
  if (known && now - known.at < DAY) return known.fixed;
  let fixed: FixedOffset | null = null;
  try {
    const to = now + 365 * DAY;
    const minutes = offsetAt(SPAN_START, timeZone);
    let same = true;
    for (let ms = SPAN_START + WEEK; same && ms < to + WEEK; ms += WEEK)
      same = offsetAt(Math.min(ms, to), timeZone) === minutes;
    if (same) fixed = { minutes, from: SPAN_START, to };
  } catch {
    fixed = null; // a zone this runtime does not know: Intl refuses it, and so will the browser
  }
  checked.set(timeZone, { at: now, fixed });
  return fixed;
}
