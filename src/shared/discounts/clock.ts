import { dateTimeText, zonedParts } from '../dates';

/* The shop's wall clock, by Intl alone (no dayjs at the till). */

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

export interface WallClock {
  /** 1 = lundi … 7 = dimanche. */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
  /** « DD-MM-YYYY, HH:mm » (SPEC §9). */
  text: string;
}

export function wallClock(at: number, timeZone: string): WallClock {
  const parts = zonedParts(at, timeZone);
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  return {
    weekday: WEEKDAYS[parts.weekday] ?? 1,
    minutes: hour * 60 + minute,
    text: dateTimeText(parts),
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
