import type { StatsReportName } from '@/features/stats/stats.schemas';
import { describe, expect, it } from 'vitest';
import {
  compactMoney,
  formatChange,
  percentChange,
  periodOfView,
  periodText,
  drillDown,
  overviewDrillDown,
  reportsFor,
  viewFromQuery,
  viewToQuery,
} from '@/features/stats/client/stats-view';

describe('percentChange', () => {
  it('gives the change in percent of the compared value', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(100, 100)).toBe(0);
  });
  it('gives nothing when there is nothing to compare with', () => {
    expect(percentChange(100, 0)).toBeNull();
    expect(percentChange(100, null)).toBeNull();
    expect(percentChange(100, undefined)).toBeNull();
    expect(percentChange(undefined, 100)).toBeNull();
  });
  it('measures against the size of a negative value', () => {
    expect(percentChange(-50, -100)).toBe(50);
  });
});

describe('formatChange', () => {
  it('writes a sign, a French decimal and a narrow no-break space before « % »', () => {
    expect(formatChange(12.345)).toBe('+12,3\u202f%');
    expect(formatChange(-3)).toBe('−3\u202f%');
    expect(formatChange(0.01)).toBe('0\u202f%');
    expect(formatChange(1250)).toBe('+1\u202f250\u202f%');
  });
});

describe('compactMoney', () => {
  it('shortens an axis amount in the currency’s unit', () => {
    expect(compactMoney(12_500, 'XOF')).toBe('12,5\u00a0k');
    expect(compactMoney(950, 'XOF')).toBe('950');
    expect(compactMoney(1_250, 'EUR')).toBe('12,5');
  });
});

describe('the view in the address bar', () => {
  it('falls back to the defaults for anything unknown', () => {
    expect(viewFromQuery({})).toEqual({ preset: 'last7', compare: 'previous', report: 'overview' });
    expect(viewFromQuery({ period: 'forever', compare: 'x', report: 'secret' })).toEqual({
      preset: 'last7',
      compare: 'previous',
      report: 'overview',
    });
  });
  it('reads a custom period, dropping days that do not exist', () => {
    expect(
      viewFromQuery({ period: 'custom', from: '2026-11-01', to: '2026-02-30', report: 'channels' }),
    ).toEqual({ preset: 'custom', from: '2026-11-01', compare: 'previous', report: 'channels' });
  });
  it('keeps an inventory manager on the reports they may read', () => {
    const reports = reportsFor('inventory-manager');
    expect(reports).toEqual(['products', 'variants', 'categories', 'margin', 'stock']);
    expect(viewFromQuery({ report: 'overview' }, reports).report).toBe('products');
    expect(viewFromQuery({ report: 'communes' }, reports).report).toBe('products');
    expect(reportsFor('admin')).toHaveLength(13);
    expect(reportsFor('cashier')).toContain('communes');
  });
  it('links each row to its orders over the period: sales without the cancelled and returned', () => {
    const period = { from: '2026-11-01', to: '2026-11-30' };
    const link = (report: StatsReportName, key: string, label = 'Nom') =>
      drillDown({ report, period }, { key, label }, 's1');
    const query = (href: string | null) => Object.fromEntries(new URL(`http://x${href}`).searchParams);
    const sales = 'new,confirmed,preparing,ready,shipping,delivered';
    expect(link('channels', 'whatsapp')).toBe(
      `/mes-commandes?shopId=s1&from=2026-11-01&to=2026-11-30&channel=whatsapp&fulfilment=${encodeURIComponent(sales)}`,
    );
    // Money received counts every order it came from; sales on credit received nothing.
    expect(query(link('payments', 'wave'))).toEqual({
      shopId: 's1',
      from: '2026-11-01',
      to: '2026-11-30',
      method: 'wave',
    });
    expect(link('payments', 'credit')).toBeNull();
    expect(query(link('products', 'p1', 'Café Touba'))).toMatchObject({
      productId: 'p1',
      libelle: 'Café Touba',
      fulfilment: sales,
    });
    expect(query(link('margin', 'p1'))).toMatchObject({ productId: 'p1' });
    expect(query(link('variants', 'v1'))).toMatchObject({ variantId: 'v1' });
    expect(query(link('categories', 'sans-categorie'))).toMatchObject({ categoryId: 'sans-categorie' });
    expect(query(link('clients', 'c1', 'Awa Diop'))).toMatchObject({ clientId: 'c1', libelle: 'Awa Diop' });
    expect(query(link('communes', 'grand yoff', 'Grand-Yoff'))).toMatchObject({ commune: 'grand yoff' });
    expect(query(link('discounts', 'order:d1'))).toMatchObject({ discountId: 'd1' });
    // No row behind: a discount typed by hand, the rounding, « Autres », the stock.
    expect(link('discounts', 'manual:')).toBeNull();
    expect(link('products', 'autres')).toBeNull();
    expect(link('stock', 'p1')).toBeNull();
  });
  it('links each overview figure to its orders: the sales, those owing, or every order for the money', () => {
    const period = { from: '2026-11-01', to: '2026-11-30' };
    const query = (figure: string) =>
      Object.fromEntries(new URL(`http://x${overviewDrillDown({ period }, figure, 's1')}`).searchParams);
    const sales = 'new,confirmed,preparing,ready,shipping,delivered';
    expect(query('net')).toEqual({ shopId: 's1', from: '2026-11-01', to: '2026-11-30', fulfilment: sales });
    expect(query('due')).toMatchObject({ fulfilment: sales, payment: 'pending,partially_paid' });
    expect(query('collected')).toEqual({ shopId: 's1', from: '2026-11-01', to: '2026-11-30' });
  });
  it('round-trips, leaving the defaults out', () => {
    expect(viewToQuery({ preset: 'last7', compare: 'previous', report: 'overview' })).toEqual({});
    const view = {
      preset: 'custom' as const,
      from: '2026-01-01',
      to: '2026-01-31',
      compare: 'year' as const,
      report: 'products' as const,
    };
    expect(viewFromQuery(viewToQuery(view))).toEqual(view);
    expect(viewToQuery({ preset: 'last30', from: '2026-01-01', compare: 'none', report: 'agents' })).toEqual({
      period: 'last30',
      compare: 'none',
      report: 'agents',
    });
  });
});

describe('periodOfView', () => {
  const today = '2026-11-25';
  it('gives a preset’s days', () => {
    expect(periodOfView({ preset: 'last30', compare: 'previous', report: 'overview' }, today)).toEqual({
      period: { from: '2026-10-27', to: '2026-11-25' },
    });
  });
  it('refuses a custom period that ends before it starts or is too long', () => {
    const base = { preset: 'custom' as const, compare: 'previous' as const, report: 'overview' as const };
    expect(periodOfView({ ...base, from: '2026-11-20', to: '2026-11-10' }, today).error).toBe(
      'La date de fin précède la date de début.',
    );
    expect(periodOfView({ ...base, from: '2010-01-01', to: '2026-11-10' }, today).error).toMatch(/5 ans/);
    expect(periodOfView({ ...base, from: '2026-11-01' }, today)).toEqual({
      period: { from: '2026-11-01', to: today },
    });
  });
});

describe('periodText', () => {
  it('names one day or a range in French', () => {
    expect(periodText({ from: '2026-11-25', to: '2026-11-25' })).toBe('le 25 nov. 2026');
    expect(periodText({ from: '2026-11-01', to: '2026-11-25' })).toBe('du 1 nov. 2026 au 25 nov. 2026');
  });
});
