import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '@/server/db/schema';
import { parseCsv } from '@/server/csv';
import { setupApiTestbed } from '../helpers/api-testbed';
import type { ShopFixture } from '../helpers/fixtures';
import { as, createOrderOk, freshShop, line, orderCalls, sellable } from '../helpers/orders';

/*
 * A list bounded by dates, on an old period: the period's orders only, newest placed first (a
 * sale entered late among its day's), paged without gap or overlap; its count and its exports agree.
 */

const bed = setupApiTestbed();
const api = orderCalls(bed);

let shop: ShopFixture;
/** Order number by when it was placed; entered in this order, so ids do not follow the dates. */
const PLACED: Array<[string, string]> = [
  ['march', '2025-03-02T09:00:00.000Z'],
  ['jan20', '2025-01-20T18:30:00.000Z'],
  ['jan10a', '2025-01-10T12:00:00.000Z'],
  ['jan10b', '2025-01-10T12:00:00.000Z'],
  ['jan5', '2025-01-05T08:00:00.000Z'],
  ['dec', '2024-12-31T23:59:00.000Z'],
  ['now', ''],
  // Entered last, placed mid-January: a till's sale synced weeks later.
  ['late', '2025-01-15T10:00:00.000Z'],
];
const numberOf: Record<string, number> = {};

beforeAll(async () => {
  shop = await freshShop(bed, 'Boutique Archives');
  const item = await sellable(bed, as(shop), 'Pagne', 1000, { stock: 100 });
  for (const [name, at] of PLACED) {
    const order = await createOrderOk(bed, as(shop), { channel: 'phone', lines: [line(item.variantId, 1)] });
    numberOf[name] = order.number;
    if (at)
      await bed.database.db
        .update(orders)
        .set({ createdAt: new Date(at) })
        .where(eq(orders.id, order.id));
  }
});

const numbers = (body: { items: Array<{ number: number }> }) => body.items.map((o) => o.number);
const expected = (...names: string[]) => names.map((n) => numberOf[n]);
const JANUARY = { from: '2025-01-01', to: '2025-01-31' };

describe('GET /api/order/list over an old period', () => {
  it('lists the period’s orders, newest placed first, the same placed time by number', async () => {
    const answer = await api.list(as(shop), JANUARY);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(numbers(answer.body)).toEqual(expected('jan20', 'late', 'jan10b', 'jan10a', 'jan5'));
    // From a day on, to today: by the placed time too.
    const since = await api.list(as(shop), { from: '2025-01-15' });
    expect(numbers(since.body)).toEqual(expected('now', 'march', 'jan20', 'late'));
    const count = await api.count(as(shop), JANUARY);
    expect(count.body).toMatchObject({ count: 5, isCapped: false });
  });

  it('pages with a cursor, without overlap or missing orders', async () => {
    for (const limit of [1, 2, 3]) {
      const seen: number[] = [];
      let after: string | undefined;
      for (let page = 0; page < 10; page++) {
        const answer = await api.list(as(shop), { ...JANUARY, limit, after });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        seen.push(...numbers(answer.body));
        after = answer.body.nextCursor ?? undefined;
        if (!after) break;
        expect(after).toBe(answer.body.items.at(-1).id);
      }
      expect(seen, `limit ${limit}`).toEqual(expected('jan20', 'late', 'jan10b', 'jan10a', 'jan5'));
    }
  });

  it('finds nothing after an order of another shop', async () => {
    const other = await freshShop(bed, 'Boutique Voisine');
    const item = await sellable(bed, as(other), 'Savon', 500, { stock: 10 });
    const theirs = await createOrderOk(bed, as(other), {
      channel: 'phone',
      lines: [line(item.variantId, 1)],
    });
    const answer = await api.list(as(shop), { ...JANUARY, after: theirs.id });
    expect(answer.status).toBe(200);
    expect(answer.body.items).toEqual([]);
  });

  it('exports the same orders in the same order, one row each, and their lines', async () => {
    const rows = async (path: string) => {
      const answer = await api.exportCsv(as(shop), JANUARY, path);
      expect(answer.status).toBe(200);
      const [, ...records] = parseCsv(answer.text).records;
      return records.map((r) => Number(r.fields[0]));
    };
    const order = expected('jan20', 'late', 'jan10b', 'jan10a', 'jan5');
    expect(await rows('/api/order/exportCsv')).toEqual(order);
    expect(await rows('/api/order/exportLinesCsv')).toEqual(order);
  });
});
