import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatNumber } from '@/shared/numbers';
import { formatMoney } from '@/shared/money';

/** What the browser would have written with Intl (Node carries the same ICU data). */
const intl = (value: number, min?: number, max?: number) =>
  new Intl.NumberFormat('fr-FR', { minimumFractionDigits: min, maximumFractionDigits: max }).format(value);

describe('formatNumber', () => {
  it('writes what Intl.NumberFormat("fr-FR") writes, for any number and any digits', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
          fc.double({ min: -1e9, max: 1e9, noNaN: true }),
          // Ties at the rounding digit, where half-up, half-even and the binary value disagree.
          fc
            .tuple(fc.integer({ min: -99_999, max: 99_999 }), fc.integer({ min: 1, max: 4 }))
            .map(([n, digits]) => n / 10 ** digits + (n < 0 ? -5 : 5) / 10 ** (digits + 1)),
          fc.constantFrom(0, -0, 1e21, 1.5e-7, -1.5e-7, 999.9995, Infinity, -Infinity, NaN),
        ),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        (value, a, b) => {
          const [min, max] = a <= b ? [a, b] : [b, a];
          expect(formatNumber(value, { minFractionDigits: min, maxFractionDigits: max })).toBe(
            intl(value, min, max),
          );
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('defaults as Intl does: no forced digits, at most three', () => {
    for (const value of [0, 7, 1234, 1234.5678, -98765.4321, 0.0004, 0.0005, 1_000_000])
      expect(formatNumber(value)).toBe(new Intl.NumberFormat('fr-FR').format(value));
    expect(formatCount(12_500)).toBe('12\u202f500');
    expect(formatNumber(3.25, { maxFractionDigits: 1 })).toBe('3,3');
    expect(formatNumber(-1234.5)).toBe('-1\u202f234,5');
  });

  it('keeps the money format unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (minor) => {
        expect(formatMoney(minor, 'XOF')).toBe(`${intl(minor, 0, 0)}\u202fFCFA`);
        expect(formatMoney(minor, 'EUR')).toBe(`${intl(minor / 100, 2, 2)}\u202f€`);
      }),
    );
  });
});
