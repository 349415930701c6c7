export const DEFAULT_TIME_ZONE = 'Africa/Dakar';

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsOf(value: string | Date, timeZone: string): Record<string, string> {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('fr-FR', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  return Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
}

/**
 * SPEC §9: DD-MM-YYYY, HH:mm, in the shop's time zone. On Intl, which every browser and Node
 * carry with the zones' rules, rather than dayjs and its plugins (./dayjs.ts, for counting).
 */
export function formatDateTime(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const p = partsOf(value, timeZone);
  return `${p.day}-${p.month}-${p.year}, ${p.hour}:${p.minute}`;
}

/** The shop's calendar day of a moment, « 2026-11-21 ». */
export function dayKey(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const p = partsOf(value, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}
