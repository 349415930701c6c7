import { describe, expect, it } from 'vitest';
import { zonedDayHour } from '@/features/stats/zoned-time';
import { addDays } from '@/features/stats/periods';
import { setupApiTestbed } from '../helpers/api-testbed';
import { catalogueCalls, createOk } from '../helpers/catalogue';
import { createShopFixture } from '../helpers/fixtures';
import { as, line, orderCalls, type Actor } from '../helpers/orders';
import { firstTill, ops, syncOk } from '../helpers/pos';

/*
 * The product reports rank and cut in SQL: the first 100 rows, then « Autres » summing the rest,
 * whatever the catalogue's size; by margin, products without a cost price come last.
 */

const bed = setupApiTestbed();
const api = orderCalls(bed);
const catalogue = catalogueCalls(bed);
const today = () => zonedDayHour(new Date(), 'Africa/Dakar').day;

interface Row {
  key: string;
  label: string;
  figures: { gross: number; discounts: number; refunds: number; net: number };
  quantity: number;
  margin: number | null;
}

const report = async (a: Actor, name: string, from = today(), to = today()) => {
  const answer = await bed.server.call(
    'GET',
    `/api/stats/report?${new URLSearchParams({ shopId: a.shopId, report: name, from, to, compare: 'none' })}`,
    { token: a.token },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { rows: Row[]; otherRows?: number; totals: { net: number } };
};

/**
 * A shop whose products (name, price) each sold once at its till at the given day (midday in Dakar,
 * UTC; today: now, never after the present moment) — a sale synced late keeps its day.
 */
async function soldAtTill(shopName: string, sales: Array<[name: string, price: number, day: string]>) {
  const fixture = await createShopFixture(bed.database.db, shopName);
  const a = as(fixture);
  const tillId = await firstTill(bed, a);
  const open = ops.open(tillId, 0);
  const tillOps: Array<Record<string, unknown>> = [open];
  for (const [name, price, day] of sales) {
    const p = await createOk(bed, a.token!, a.shopId, {
      name,
      variants: [{ optionValues: [], price, stock: 10 }],
    });
    tillOps.push({
      ...ops.sale(open.sessionId, [
        { variantId: p.variants[0]._id as string, quantity: 1, unitPrice: price },
      ]),
      at: day === today() ? new Date().toISOString() : `${day}T12:00:00.000Z`,
    });
  }
  await syncOk(bed, a, tillId, tillOps);
  return a;
}

const names = (r: { rows: Row[] }) => r.rows.map((row) => row.label).sort();

describe('the product reports past 100 rows', () => {
  it('show the best 100, then « Autres » with the rest’s units and money; the rows sum to the overview', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Grand Choix');
    const a = as(fixture);
    // 104 products at 1 000, 1 010, 1 020… FCFA; every other one with a cost price.
    const products: Array<{ productId: string; variantId: string; price: number }> = [];
    for (let i = 0; i < 104; i++) {
      const price = 1000 + i * 10;
      const made = await createOk(bed, a.token!, a.shopId, {
        name: `Article ${String(i).padStart(3, '0')}`,
        variants: [{ optionValues: [], price, stock: 100, ...(i % 2 ? {} : { costPrice: 500 }) }],
      });
      products.push({ productId: made._id, variantId: made.variants[0]._id, price });
    }
    for (const half of [products.slice(0, 52), products.slice(52)]) {
      const answer = await api.create(a, { channel: 'phone', lines: half.map((p) => line(p.variantId, 1)) });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    // A cancelled order sells nothing: its product, sold nowhere else, has no row.
    const lonely = await createOk(bed, a.token!, a.shopId, {
      name: 'Invendu',
      variants: [{ optionValues: [], price: 99_000, stock: 5 }],
    });
    const cancelled = await api.create(a, { channel: 'phone', lines: [line(lonely.variants[0]._id, 1)] });
    expect((await api.changeStatus(a, cancelled.body.id, 'cancelled')).status).toBe(200);

    const byNet = await report(a, 'products');
    expect(byNet.rows).toHaveLength(101);
    expect(byNet.otherRows).toBe(4);
    // The dearest first; the four cheapest in « Autres ».
    expect(byNet.rows[0]).toMatchObject({ label: 'Article 103', quantity: 1, figures: { net: 2030 } });
    expect(byNet.rows[99]!.label).toBe('Article 004');
    expect(byNet.rows[100]).toMatchObject({
      key: 'autres',
      label: 'Autres (4)',
      quantity: 4,
      figures: { gross: 1000 + 1010 + 1020 + 1030, net: 1000 + 1010 + 1020 + 1030 },
      margin: null,
    });
    expect(byNet.rows.some((r) => r.label === 'Invendu')).toBe(false);
    expect(byNet.rows.reduce((n, r) => n + r.figures.net, 0)).toBe(byNet.totals.net);

    // By margin: the 52 products with a cost first (best margin first), those without after.
    const byMargin = await report(a, 'margin');
    expect(byMargin.rows[0]).toMatchObject({ label: 'Article 102', margin: 2020 - 500 });
    expect(byMargin.rows.slice(0, 52).every((r) => r.margin !== null)).toBe(true);
    expect(byMargin.rows.slice(52, 100).every((r) => r.margin === null)).toBe(true);
    expect(byMargin.rows.reduce((n, r) => n + r.figures.net, 0)).toBe(byMargin.totals.net);

    // Variants: one per product here, the same ranking; categories: one row, « Sans catégorie ».
    const variants = await report(a, 'variants');
    expect(variants.rows.map((r) => r.label)).toEqual(byNet.rows.map((r) => r.label));
    const categories = await report(a, 'categories');
    expect(categories.rows).toMatchObject([
      { key: 'sans-categorie', label: 'Sans catégorie', quantity: 104 },
    ]);
  });
});

describe('the product reports over most of a month', () => {
  it('count the days asked for, whether the month’s other days sold something or nothing', async () => {
    // Last month, sold at the till: the 2nd, the 20th, the 25th.
    const [year, month] = today().split('-').map(Number) as [number, number];
    const last = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
    const a = await soldAtTill('Boutique Mois', [
      ['Début', 1000, `${last}-02`],
      ['Milieu', 2000, `${last}-20`],
      ['Fin', 4000, `${last}-25`],
    ]);

    // The 1st to the 22nd: the sale of the 25th lies outside, so the month's rows cannot stand in.
    for (const name of ['products', 'variants', 'categories', 'margin']) {
      const early = await report(a, name, `${last}-01`, `${last}-22`);
      expect(early.totals.net, name).toBe(3000);
      expect(
        early.rows.reduce((n, r) => n + r.figures.net, 0),
        name,
      ).toBe(3000);
    }
    expect(names(await report(a, 'products', `${last}-01`, `${last}-22`))).toEqual(['Début', 'Milieu']);
    // The 2nd to the 26th: nothing sold outside it that month, the month's rows are its sums.
    const most = await report(a, 'variants', `${last}-02`, `${last}-26`);
    expect(names(most)).toEqual(['Début', 'Fin', 'Milieu']);
    expect(most.rows.reduce((n, r) => n + r.figures.net, 0)).toBe(7000);
    // Read from the month's roll-up by category, the same sum.
    expect((await report(a, 'categories', `${last}-02`, `${last}-26`)).rows).toMatchObject([
      { key: 'sans-categorie', quantity: 3, figures: { net: 7000 } },
    ]);
    // The 3rd to the 26th: the 2nd lies outside.
    expect(names(await report(a, 'products', `${last}-03`, `${last}-26`))).toEqual(['Fin', 'Milieu']);
    // Across two months: last month's end and this month's first days, pieces of each.
    const across = await report(a, 'products', `${last}-15`, today());
    expect(names(across)).toEqual(['Fin', 'Milieu']);
  });
});

describe('the report by category', () => {
  it('follows each product’s category now, over a month read whole: moved, its category deleted', async () => {
    const [year, month] = today().split('-').map(Number) as [number, number];
    const last = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
    const lastMonth = [`${last}-01`, addDays(`${today().slice(0, 7)}-01`, -1)] as const;
    const a = await soldAtTill('Boutique Rayons', [
      ['Bissap', 1000, `${last}-03`],
      ['Savon', 2000, `${last}-10`],
      ['Pagne', 4000, `${last}-12`],
    ]);
    const category = async (name: string) =>
      (await catalogue.createCategory(a.token!, a.shopId, name)).body._id as string;
    const drinks = await category('Boissons');
    const care = await category('Hygiène');
    const ids = new Map(
      ((await catalogue.list(a.token!, a.shopId)).body.items as Array<{ _id: string; name: string }>).map(
        (p) => [p.name, p._id],
      ),
    );
    const move = async (names: string[], categoryId: string | null) =>
      expect(
        (
          await catalogue.bulk(
            a.token!,
            a.shopId,
            names.map((n) => ids.get(n)!),
            { action: 'category', categoryId },
          )
        ).status,
      ).toBe(200);
    const byCategory = async () =>
      (await report(a, 'categories', ...lastMonth)).rows.map((r) => [r.label, r.quantity, r.figures.net]);

    expect(await byCategory()).toEqual([['Sans catégorie', 3, 7000]]);
    await move(['Bissap'], drinks);
    await move(['Savon', 'Pagne'], care);
    expect(await byCategory()).toEqual([
      ['Hygiène', 2, 6000],
      ['Boissons', 1, 1000],
    ]);
    // Moved back and forth before the next read: counted once, where it is now.
    await move(['Pagne'], drinks);
    await move(['Pagne'], null);
    await move(['Pagne'], drinks);
    expect(await byCategory()).toEqual([
      ['Boissons', 2, 5000],
      ['Hygiène', 1, 2000],
    ]);
    // A category deleted leaves its products without one.
    const removed = await bed.server.call('POST', '/api/product/deleteCategory', {
      token: a.token,
      body: { shopId: a.shopId, categoryId: drinks },
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await byCategory()).toEqual([
      ['Sans catégorie', 2, 5000],
      ['Hygiène', 1, 2000],
    ]);
    // Part of the month, nothing sold outside it: the month's rows; a sale outside: the products'
    // rows, each under its category now.
    expect((await report(a, 'categories', `${last}-01`, `${last}-27`)).rows).toEqual(
      (await report(a, 'categories', ...lastMonth)).rows,
    );
    expect(
      (await report(a, 'categories', `${last}-01`, `${last}-11`)).rows.map((r) => [r.label, r.figures.net]),
    ).toEqual([
      ['Hygiène', 2000],
      ['Sans catégorie', 1000],
    ]);
  });
});

describe('the stock report', () => {
  it('lists out of stock, then low, then unsold, fewest units first and by name, with their counts', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Stock');
    const a = as(fixture);
    const make = async (name: string, stock: number, lowStockThreshold = 0) => {
      const p = await createOk(bed, a.token!, a.shopId, {
        name,
        lowStockThreshold,
        variants: [{ optionValues: [], price: 1000, stock }],
      });
      return p.variants[0]._id as string;
    };
    await make('Zèbre en bois', 0);
    await make('Éventail', 0);
    await make('Abricots secs', 3, 5);
    await make('Bissap', 2, 5);
    await make('Wax', 40);
    await make('Café', 40);
    await make('Ananas', 12);
    const sold = await make('Thé', 40);
    expect((await api.create(a, { channel: 'phone', lines: [line(sold, 1)] })).status).toBe(200);

    const answer = await bed.server.call(
      'GET',
      `/api/stats/report?${new URLSearchParams({ shopId: a.shopId, report: 'stock', from: today(), to: today(), compare: 'none' })}`,
      { token: a.token },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const body = answer.body as {
      stock: { out: number; low: number; idle: number };
      rows: Array<{ label: string; flag: string; stock: number }>;
    };
    expect(body.stock).toMatchObject({ out: 2, low: 2, idle: 3 });
    // French order puts « Éventail » before « Zèbre »; the sold « Thé » is in none of the lists.
    expect(body.rows.map((r) => [r.label, r.flag, r.stock])).toEqual([
      ['Éventail', 'out', 0],
      ['Zèbre en bois', 'out', 0],
      ['Bissap', 'low', 2],
      ['Abricots secs', 'low', 3],
      ['Ananas', 'idle', 12],
      ['Café', 'idle', 40],
      ['Wax', 'idle', 40],
    ]);
  });
});

describe('the product reports over most of a year', () => {
  it('count the days asked for, read from the year’s rows or from its months and days', async () => {
    const yearStart = `${today().slice(0, 4)}-01-01`;
    const earlier = addDays(today(), -20) < yearStart ? yearStart : addDays(today(), -20);
    const a = await soldAtTill('Boutique Année', [
      ['Vendu aujourd’hui', 1000, today()],
      ['Vendu plus tôt', 2000, earlier],
    ]);

    // The year to today: nothing outside it, the year's rows are its sums.
    for (const name of ['products', 'categories', 'margin']) {
      const whole = await report(a, name, yearStart, today());
      expect(
        whole.rows.reduce((n, r) => n + r.figures.net, 0),
        name,
      ).toBe(3000);
    }
    expect(names(await report(a, 'products', yearStart, today()))).toEqual([
      'Vendu aujourd’hui',
      'Vendu plus tôt',
    ]);
    if (earlier < today()) {
      // To yesterday: today's sale lies outside, the months and days are read instead.
      expect(names(await report(a, 'products', yearStart, addDays(today(), -1)))).toEqual(['Vendu plus tôt']);
      expect(names(await report(a, 'products', addDays(earlier, 1), today()))).toEqual(['Vendu aujourd’hui']);
    }
    // A period across the year's start: last year's piece and this one's, apart.
    const across = await report(a, 'products', addDays(yearStart, -40), today());
    expect(names(across)).toEqual(['Vendu aujourd’hui', 'Vendu plus tôt']);
  });
});
