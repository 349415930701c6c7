export const DEFAULT_TIME_ZONE = 'Africa/Dakar';

export type ZonedParts = Record<'weekday' | 'year' | 'month' | 'day' | 'hour' | 'minute', string>;

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment's day and time as read in `timeZone`: weekday « Mon »…« Sun », the rest as two digits
 * (four for the year), hours 00 to 23. On Intl, which every browser and Node carry with the zones'
 * rules; building a formatter (or going through dayjs' zone plugin, which builds one per call) costs
 * far more than using it, so there is one per zone. Orders use it for their quota month.
 */
export function zonedParts(at: string | number | Date, timeZone: string = DEFAULT_TIME_ZONE): ZonedParts {
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
