import { wallClock } from '@/shared/discounts/clock';

/*
 * Days and hours as the shop lives them, in its time zone: the shop's wall clock (Intl, no library,
 * the same in the browser and on the server).
 */

/** « 2026-11-25 » and the hour (0–23) of `at` in `timeZone`. */
export function zonedDayHour(at: Date, timeZone: string): { day: string; hour: number } {
  const clock = wallClock(at.getTime(), timeZone);
  // The clock's text is « DD-MM-YYYY, HH:mm » (SPEC §9).
  const [day, month, year] = clock.text.slice(0, 10).split('-');
  return { day: `${year}-${month}-${day}`, hour: Math.floor(clock.minutes / 60) };
}
