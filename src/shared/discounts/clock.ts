/*
 * The shop's wall clock, by Intl alone (no dayjs at the till): building a formatter costs far more
 * than using it, so there is one per zone.
 */

const clockFormats = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone);
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
    });
    clockFormats.set(timeZone, format);
  }
  return format;
}

export interface WallClock {
  /** 1 = lundi … 7 = dimanche. */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
  /** « DD-MM-YYYY, HH:mm » (SPEC §9). */
  text: string;
}

export function wallClock(at: number, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of formatOf(timeZone).formatToParts(at)) parts[part.type] = part.value;
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  return {
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 1,
    minutes: hour * 60 + minute,
    text: `${parts.day}-${parts.month}-${parts.year}, ${parts.hour}:${parts.minute}`,
  };
}

/** « 17:30 » → 1 050; null when unreadable. */
export function minutesOfDay(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}
