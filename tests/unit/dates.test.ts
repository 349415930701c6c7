import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dayKey, formatDateTime } from '@/shared/dates';
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
});
