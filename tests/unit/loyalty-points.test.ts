import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  pointsEarned,
  pointsForAmount,
  pointsText,
  pointsWorth,
  redeemableAmount,
} from '@/features/loyalty/loyalty.constants';

/* The points arithmetic the server, the till offline and the screens share. */

describe('points earned', () => {
  it('rounds down to whole points, and earns nothing on nothing', () => {
    expect(pointsEarned(6000, 10)).toBe(60);
    expect(pointsEarned(999, 10)).toBe(9);
    expect(pointsEarned(99, 10)).toBe(0);
    expect(pointsEarned(0, 10)).toBe(0);
    expect(pointsEarned(-500, 10)).toBe(0);
    expect(pointsEarned(12_345, 1)).toBe(12);
  });

  it('never earns more on a part than on the whole (a refund never leaves more points)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 1000 }),
        (a, b, rate) => {
          expect(pointsEarned(a, rate) + pointsEarned(b, rate)).toBeLessThanOrEqual(
            pointsEarned(a + b, rate),
          );
        },
      ),
    );
  });
});

describe('points spent', () => {
  it('costs whole points, rounded up: a part of a point is a whole one', () => {
    expect(pointsForAmount(1000, 5)).toBe(200);
    expect(pointsForAmount(1001, 5)).toBe(201);
    expect(pointsWorth(201, 5)).toBe(1005);
  });

  it('always costs points worth at least the amount, and less than one point more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (amount, value) => {
          const worth = pointsWorth(pointsForAmount(amount, value), value);
          expect(worth).toBeGreaterThanOrEqual(amount);
          expect(worth - amount).toBeLessThan(value);
        },
      ),
    );
  });

  it('lets a client pay no more than their points, nor the bill, and nothing under the minimum', () => {
    const rules = { pointValue: 5, minRedeem: 100 };
    expect(redeemableAmount(99, 50_000, rules)).toBe(0);
    expect(redeemableAmount(300, 50_000, rules)).toBe(1500);
    expect(redeemableAmount(300, 1000, rules)).toBe(1000);
    expect(redeemableAmount(300, 0, rules)).toBe(0);
  });
});

describe('points in words', () => {
  it('says « point » for one, « points » otherwise, with French digit groups', () => {
    expect(pointsText(1)).toBe('1 point');
    expect(pointsText(0)).toBe('0 point');
    expect(pointsText(1250).replace(/\u202f|\u00a0/g, ' ')).toBe('1 250 points');
  });
});
