import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateTimeFormatter } from '@/features/order/server/export-batches';
import { formatDateTime } from '@/shared/dates';

/*
 * The exports write dates with an offset found once per quarter hour: the same text as
 * formatDateTime (dayjs over the same time-zone database) for any instant, in zones without
 * daylight saving, with it, and with half- and quarter-hour offsets.
 */
const ZONES = [
  'Africa/Dakar',
  'Africa/Abidjan',
  'Africa/Casablanca',
  'Europe/Paris',
  'America/New_York',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
];
const FROM = Date.UTC(2000, 0, 1);
const TO = Date.UTC(2040, 0, 1);

describe('dateTimeFormatter', () => {
  it('writes what formatDateTime writes, at any instant and in any zone', () => {
    const formatters = new Map(ZONES.map((zone) => [zone, dateTimeFormatter(zone)]));
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: FROM, max: TO }), (zone, time) => {
        const date = new Date(time);
        expect(formatters.get(zone)!(date)).toBe(formatDateTime(date, zone));
      }),
      { numRuns: 3000 },
    );
  });

  it('follows the clocks around their changes, minute by minute', () => {
    const around = [
      ['Europe/Paris', Date.UTC(2026, 2, 29, 1, 0)],
      ['Europe/Paris', Date.UTC(2026, 9, 25, 1, 0)],
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 4, 15, 0)],
      // Half an hour ahead from 2:00 at +10:30: at 15:30 UTC, within an hour of UTC.
      ['Australia/Lord_Howe', Date.UTC(2026, 9, 3, 15, 30)],
      ['America/New_York', Date.UTC(2026, 10, 1, 6, 0)],
    ] as const;
    for (const [zone, change] of around) {
      const format = dateTimeFormatter(zone);
      for (let minute = -90; minute <= 90; minute++) {
        const date = new Date(change + minute * 60_000);
        expect(format(date), `${zone} ${date.toISOString()}`).toBe(formatDateTime(date, zone));
      }
    }
  });
});
