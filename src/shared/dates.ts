export const DEFAULT_TIME_ZONE = 'Africa/Dakar';

export type ZonedParts = Record<'weekday' | 'year' | 'month' | 'day' | 'hour' | 'minute', string>;

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment's day and time as read in `timeZone`, on Intl, which every browser and Node carry with
 * the zones' rules; building a formatter (or going through dayjs' zone plugin, which builds one per
 * call) costs far more than using it, so there is one per zone.
 */
export function intlZonedParts(at: string | number | Date, timeZone: string = DEFAULT_TIME_ZONE): ZonedParts {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      // Whatever the machine's defaults: the Gregorian calendar, in Latin digits.
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    zoneFormats.set(timeZone, format);
  }
  const parts = { weekday: '', year: '', month: '', day: '', hour: '', minute: '' };
  for (const part of format.formatToParts(typeof at === 'string' ? new Date(at) : at))
    if (part.type in parts) parts[part.type as keyof ZonedParts] = part.value;
  return parts;
}

/** A zone that kept one offset (minutes east of UTC) between two moments (epoch milliseconds). */
export interface FixedOffset {
  minutes: number;
  from: number;
  to: number;
}

/*
 * Most of the shops' zones (West and Central Africa) have kept one offset for decades. The server
 * checks that on its zone rules (src/server/zone-offsets.ts) and sends it with the shell: the
 * browser then counts a date's parts instead of building a DateTimeFormat, whose first one loads
 * ICU's data, 110 to 160 ms of main thread on Lighthouse's 4× slower phone, in every back-office
 * page's start (issue 20). Outside the span checked, or for any other zone, Intl answers.
 */
const fixedOffsets = new Map<string, FixedOffset>();

export function knowFixedOffset(timeZone: string, fixed: FixedOffset): void {
  fixedOffsets.set(timeZone, fixed);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * A moment's day and time as read in `timeZone`: weekday « Mon »…« Sun », the rest as two digits
 * (four for the year), hours 00 to 23. Orders use it for their quota month.
 */
export function zonedParts(at: string | number | Date, timeZone: string = DEFAULT_TIME_ZONE): ZonedParts {
  const fixed = fixedOffsets.get(timeZone);
  if (fixed) {
    const ms = typeof at === 'number' ? at : (typeof at === 'string' ? new Date(at) : at).getTime();
    if (ms >= fixed.from && ms <= fixed.to) {
      const local = new Date(ms + fixed.minutes * 60_000);
      return {
        weekday: WEEKDAYS[local.getUTCDay()]!,
        year: String(local.getUTCFullYear()),
        month: twoDigits(local.getUTCMonth() + 1),
        day: twoDigits(local.getUTCDate()),
        hour: twoDigits(local.getUTCHours()),
        minute: twoDigits(local.getUTCMinutes()),
      };
    }
  }
  return intlZonedParts(at, timeZone);
}

/** SPEC §9's « DD-MM-YYYY, HH:mm » of parts already read. */
export function dateTimeText(p: ZonedParts): string {
  return `${p.day}-${p.month}-${p.year}, ${p.hour}:${p.minute}`;
}

/** SPEC §9: DD-MM-YYYY, HH:mm, in the shop's time zone (dayjs, ./dayjs.ts, is for counting). */
export function formatDateTime(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return dateTimeText(zonedParts(value, timeZone));
}

/** The shop's calendar day of a moment, « 2026-11-21 ». */
export function dayKey(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const p = zonedParts(value, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}
