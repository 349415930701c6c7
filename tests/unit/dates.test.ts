import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dayKey, formatDateTime } from '@/shared/dates';
import { dayOfMonthText, zonedInstant } from '@/shared/wall-clock';
import { dayjs } from '@/shared/dayjs';
import { calendarDaysUntil } from '@/shared/banners';
import { quotaMonthOf } from '@/features/order/server/order.repository';

const ZONES = [
  'Africa/Dakar',
  'Africa/Douala',
  'Africa/Casablanca',
  'Europe/Paris',
  'Indian/Antananarivo',
  'America/Sao_Paulo',
];
const instant = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2040-12-31T23:59:59Z'),
  noInvalidDate: true,
});

describe('dates written on Intl, as dayjs counts them', () => {
  it('writes DD-MM-YYYY, HH:mm and the calendar day in the shop’s zone, whatever the moment', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), (date, zone) => {
        const shop = dayjs(date).tz(zone);
        expect(formatDateTime(date, zone)).toBe(shop.format('DD-MM-YYYY, HH:mm'));
        expect(formatDateTime(date.toISOString(), zone)).toBe(shop.format('DD-MM-YYYY, HH:mm'));
        expect(dayKey(date, zone)).toBe(shop.format('YYYY-MM-DD'));
        expect(quotaMonthOf(zone, date)).toBe(shop.format('YYYY-MM'));
      }),
      { numRuns: 500 },
    );
    expect(formatDateTime('2026-11-21T09:05:00Z', 'Africa/Dakar')).toBe('21-11-2026, 09:05');
    expect(formatDateTime('2026-03-29T01:30:00Z', 'Europe/Paris')).toBe('29-03-2026, 03:30');
    expect(dayKey('2026-11-21T23:30:00Z', 'Africa/Douala')).toBe('2026-11-22');
  });

  it('counts calendar days to a trial’s end in the shop’s zone, summer time included', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 0, max: 400 * 86_400_000 }),
        fc.constantFrom(...ZONES),
        (now, ahead, zone) => {
          const end = new Date(now.getTime() + ahead);
          const day = (d: Date) => dayjs.utc(dayjs(d).tz(zone).format('YYYY-MM-DD'));
          expect(calendarDaysUntil(now, end, zone)).toBe(day(end).diff(day(now), 'day'));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads a wall-clock time typed in the shop’s zone back to the instant it names', () => {
    const minute = instant.map((d) => new Date(Math.floor(d.getTime() / 60_000) * 60_000));
    fc.assert(
      fc.property(minute, fc.constantFrom(...ZONES), (date, zone) => {
        const wall = dayjs(date).tz(zone).format('YYYY-MM-DDTHH:mm');
        const read = zonedInstant(wall, zone)!;
        // Every wall time read names an instant that shows it; where the clocks show it once, the very one.
        expect(dayjs(read).tz(zone).format('YYYY-MM-DDTHH:mm')).toBe(wall);
        const twice = [-1, 1].some(
          (hour) =>
            dayjs(date.getTime() + hour * 3_600_000)
              .tz(zone)
              .format('YYYY-MM-DDTHH:mm') === wall,
        );
        if (!twice) expect(read.toISOString()).toBe(date.toISOString());
        else expect(read.getTime()).toBeLessThanOrEqual(date.getTime());
      }),
      { numRuns: 1000 },
    );
    // Paris puts its clocks forward at 02:00 on 29 March 2026 and back at 03:00 on 25 October.
    expect(zonedInstant('2026-03-29T02:30', 'Europe/Paris')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedInstant('2026-10-25T02:30', 'Europe/Paris')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedInstant('2026-12-01T08:00', 'Africa/Douala')?.toISOString()).toBe('2026-12-01T07:00:00.000Z');
    for (const wrong of [
      '2026-02-30T10:00',
      '2026-13-01T10:00',
      '2026-12-01T24:00',
      '2026-12-01T10:60',
      '0050-01-01T00:00',
      '2026-12-01 10:00',
      'demain',
    ])
      expect(zonedInstant(wrong, 'Africa/Dakar'), wrong).toBeNull();
  });

  it('writes a day of the month in French, the first as « 1er »', () => {
    expect(dayOfMonthText(1, 1)).toBe('1er janvier');
    expect(dayOfMonthText(15, 8)).toBe('15 août');
    expect(dayOfMonthText(31, 12)).toBe('31 décembre');
  });
});
