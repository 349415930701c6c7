import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime, intlZonedParts, knowFixedOffset, zonedParts } from '@/shared/dates';
import { fixedOffsetOf } from '@/server/zone-offsets';

const FIXED = [
  'Africa/Dakar',
  'Africa/Abidjan',
  'Africa/Douala',
  'Africa/Kinshasa',
  'Asia/Kolkata',
  'Asia/Kathmandu',
];

describe('fixedOffsetOf', () => {
  it('finds the one offset of zones that kept it since 2000, and none for the others', () => {
    expect(fixedOffsetOf('Africa/Dakar')?.minutes).toBe(0);
    expect(fixedOffsetOf('Africa/Douala')?.minutes).toBe(60);
    expect(fixedOffsetOf('Asia/Kolkata')?.minutes).toBe(330);
    expect(fixedOffsetOf('Asia/Kathmandu')?.minutes).toBe(345);
    // Daylight saving, Morocco's month without it at Ramadan, a zone that moved across the date line.
    for (const zone of ['Europe/Paris', 'America/New_York', 'Africa/Casablanca', 'Pacific/Apia'])
      expect(fixedOffsetOf(zone)).toBeNull();
    expect(fixedOffsetOf('Pas/Un_Fuseau')).toBeNull();
  });

  it('covers from 2000 to a year ahead', () => {
    const now = Date.UTC(2026, 11, 4);
    const fixed = fixedOffsetOf('Africa/Lagos', now);
    expect(fixed).toEqual({ minutes: 60, from: Date.UTC(2000, 0, 1), to: now + 365 * 86_400_000 });
  });
});

describe('zonedParts on a known fixed offset', () => {
  it('counts the same parts Intl reads, for any moment in the span', () => {
    for (const zone of FIXED) knowFixedOffset(zone, fixedOffsetOf(zone)!);
    fc.assert(
      fc.property(
        fc.constantFrom(...FIXED),
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.now() + 300 * 86_400_000 }),
        fc.constantFrom('number', 'string', 'date'),
        (zone, ms, kind) => {
          const at = kind === 'number' ? ms : kind === 'string' ? new Date(ms).toISOString() : new Date(ms);
          expect(zonedParts(at, zone)).toEqual(intlZonedParts(ms, zone));
        },
      ),
      { numRuns: 3000 },
    );
    expect(formatDateTime('2026-11-21T23:35:00Z', 'Africa/Douala')).toBe('22-11-2026, 00:35');
  });

  it('asks Intl outside the span it was told', () => {
    // A made-up span for Paris: winter 2024 only. A summer moment must still read CEST.
    knowFixedOffset('Europe/Paris', { minutes: 60, from: Date.UTC(2024, 0, 1), to: Date.UTC(2024, 1, 1) });
    expect(formatDateTime('2024-01-15T12:00:00Z', 'Europe/Paris')).toBe('15-01-2024, 13:00');
    expect(formatDateTime('2024-07-15T12:00:00Z', 'Europe/Paris')).toBe('15-07-2024, 14:00');
    expect(() => zonedParts('pas une date', 'Africa/Dakar')).toThrow(RangeError);
  });
});
