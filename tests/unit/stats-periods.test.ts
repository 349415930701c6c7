import { describe, expect, it } from 'vitest';
import {
  contributionOf,
  difference,
  packContribution,
  unpackContribution,
} from '@/features/stats/server/contributions';
import type { OrderFacts } from '@/features/order/server/order-facts';
import { communeKey, communeSpelling, NO_COMMUNE_KEY } from '@/features/stats/communes';
import {
  comparedPeriod,
  daysBetween,
  granularityOf,
  pointsOf,
  presetPeriod,
  splitByMonths,
} from '@/features/stats/periods';
import { zonedDayHour } from '@/features/stats/zoned-time';

describe('periods', () => {
  it('gives the presets as the shop counts its days', () => {
    expect(presetPeriod('last7', '2026-11-25')).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(presetPeriod('lastMonth', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('thisYear', '2026-11-25')).toEqual({ from: '2026-01-01', to: '2026-11-25' });
  });

  it('compares with the period just before, or the same days a year earlier (29 February included)', () => {
    expect(comparedPeriod({ from: '2026-11-01', to: '2026-11-30' }, 'previous')).toEqual({
      from: '2026-10-02',
      to: '2026-10-31',
    });
    expect(comparedPeriod({ from: '2028-02-29', to: '2028-02-29' }, 'year')).toEqual({
      from: '2027-02-28',
      to: '2027-02-28',
    });
    expect(comparedPeriod({ from: '2026-11-01', to: '2026-11-30' }, 'none')).toBeNull();
  });

  it('refuses dates that do not exist, and steps the chart by hour, day, week or month', () => {
    expect(daysBetween('2026-02-31', '2026-03-01')).toBeNaN();
    expect(granularityOf({ from: '2026-11-25', to: '2026-11-25' })).toBe('hour');
    expect(granularityOf({ from: '2026-01-01', to: '2026-12-31' })).toBe('week');
    expect(pointsOf({ from: '2026-11-24', to: '2026-11-25' }, 'day')).toEqual([
      { at: '2026-11-24', label: '24 nov.' },
      { at: '2026-11-25', label: '25 nov.' },
    ]);
    // Weeks start on Monday, as PostgreSQL's date_trunc('week').
    expect(pointsOf({ from: '2026-11-25', to: '2026-12-01' }, 'week').map((p) => p.at)).toEqual([
      '2026-11-23',
      '2026-11-30',
    ]);
  });

  it('places an instant in the shop’s day and hour', () => {
    // 23:30 in Dakar (UTC) is already the next day in Douala (UTC+1).
    const at = new Date('2026-11-25T23:30:00Z');
    expect(zonedDayHour(at, 'Africa/Dakar')).toEqual({ day: '2026-11-25', hour: 23 });
    expect(zonedDayHour(at, 'Africa/Douala')).toEqual({ day: '2026-11-26', hour: 0 });
  });
});

describe('an order’s contribution', () => {
  const facts: OrderFacts = {
    id: 'o1',
    shopId: 's1',
    channel: 'whatsapp',
    agentId: 'u1',
    clientId: 'c1',
    commune: '  Grand   Yoff ',
    placedAt: new Date('2026-11-25T10:00:00Z'),
    isSale: true,
    delivery: 1000,
    total: 5200,
    due: 200,
    lines: [
      { variantId: 'v1', productId: 'p1', quantity: 3, gross: 3000, discount: 300, unitCost: 600 },
      { variantId: 'v2', productId: 'p2', quantity: 1, gross: 1500, discount: 0, unitCost: null },
    ],
    payments: [{ method: 'wave', amount: 5000, at: new Date('2026-11-26T09:00:00Z') }],
    refunds: [
      {
        method: 'cash',
        amount: 900,
        at: new Date('2026-11-27T09:00:00Z'),
        byLine: [
          { amount: 900, quantity: 1 },
          { amount: 0, quantity: 0 },
        ],
      },
    ],
    adjustments: [],
  };

  it('is kept packed and read back the same', () => {
    const rows = contributionOf(facts, 'Africa/Dakar');
    expect(unpackContribution(packContribution(rows, 'whatsapp', 'u1'))).toEqual(rows);
    // Packed, it is much smaller than its keys spelled out.
    expect(JSON.stringify(packContribution(rows, 'whatsapp', 'u1')).length).toBeLessThan(
      JSON.stringify(rows).length * 0.7,
    );
  });

  it('counts the commune: the order and its net on the day placed, the refund on its day', () => {
    const rows = contributionOf(facts, 'Africa/Dakar');
    const sep = '\u001f';
    expect(rows[['k', '2026-11-25', 'whatsapp', 'u1', 'Grand Yoff'].join(sep)]).toEqual({
      orders: 1,
      net: 4500 - 300,
      delivery: 1000,
    });
    expect(rows[['k', '2026-11-27', 'whatsapp', 'u1', 'Grand Yoff'].join(sep)]).toEqual({ net: -900 });
    // Without an address, its own row; the packed facts keep it.
    const none = contributionOf({ ...facts, commune: '' }, 'Africa/Dakar');
    expect(none[['k', '2026-11-25', 'whatsapp', 'u1', ''].join(sep)]).toMatchObject({ orders: 1 });
    expect(unpackContribution(packContribution(none, 'whatsapp', 'u1'))).toEqual(none);
  });

  it('moves by nothing when nothing changed, and takes all back when the order is cancelled', () => {
    const rows = contributionOf(facts, 'Africa/Dakar');
    expect(difference(rows, rows)).toEqual({});
    const cancelled = contributionOf({ ...facts, isSale: false, due: 0 }, 'Africa/Dakar');
    const moved = Object.values(difference(cancelled, rows));
    // What stays is the money: the Wave payment and the cash given back.
    expect(
      Object.values(cancelled)
        .flatMap((r) => Object.keys(r))
        .sort(),
    ).toEqual(['collected', 'collected', 'received', 'refunded']);
    expect(moved.some((r) => r.orders === -1)).toBe(true);
  });
});

describe('splitByMonths', () => {
  it('sums whole months by month and the edges by day', () => {
    expect(splitByMonths({ from: '2025-11-26', to: '2026-11-25' })).toEqual({
      months: { from: '2025-12-01', to: '2026-10-01' },
      days: [
        { from: '2025-11-26', to: '2025-11-30' },
        { from: '2026-11-01', to: '2026-11-25' },
      ],
    });
    expect(splitByMonths({ from: '2026-10-01', to: '2026-10-31' })).toEqual({
      months: { from: '2026-10-01', to: '2026-10-01' },
      days: [],
    });
    expect(splitByMonths({ from: '2026-10-27', to: '2026-11-25' })).toEqual({
      months: null,
      days: [{ from: '2026-10-27', to: '2026-11-25' }],
    });
    expect(splitByMonths({ from: '2028-02-01', to: '2028-02-29' }).days).toEqual([]);
  });
});

describe('communes', () => {
  it('keep each spelling with its spaces tidied', () => {
    expect(communeSpelling('  Grand \t  Yoff ')).toBe('Grand Yoff');
    expect(communeSpelling('Yoff\u001f')).toBe('Yoff');
    expect(communeSpelling('   ')).toBe('');
  });
  it('share one key whatever the case, accents, hyphens or spaces', () => {
    expect(communeKey('Médina')).toBe(communeKey(' medina'));
    expect(communeKey('Grand-Yoff')).toBe(communeKey('grand  yoff'));
    expect(communeKey('Mermoz-Sacré-Cœur')).toBe(communeKey('mermoz sacre coeur'));
    expect(communeKey('Plateau')).not.toBe(communeKey('Dakar-Plateau'));
    expect(communeKey('')).toBe(NO_COMMUNE_KEY);
    expect(communeKey(' - ')).toBe(NO_COMMUNE_KEY);
  });
});
