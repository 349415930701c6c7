import { describe, expect, it } from 'vitest';
import { zonedDayHour } from '@/features/stats/zoned-time';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createOk } from '../helpers/catalogue';
import { createShopFixture } from '../helpers/fixtures';
import { as, line, orderCalls, type Actor } from '../helpers/orders';

/*
 * The product reports rank and cut in SQL: the first 100 rows, then « Autres » summing the rest,
 * whatever the catalogue's size; by margin, products without a cost price come last.
 */

const bed = setupApiTestbed();
const api = orderCalls(bed);
const today = () => zonedDayHour(new Date(), 'Africa/Dakar').day;

interface Row {
  key: string;
  label: string;
  figures: { gross: number; discounts: number; refunds: number; net: number };
  quantity: number;
  margin: number | null;
}

const report = async (a: Actor, name: string) => {
  const answer = await bed.server.call(
    'GET',
    `/api/stats/report?${new URLSearchParams({ shopId: a.shopId, report: name, from: today(), to: today(), compare: 'none' })}`,
    { token: a.token },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { rows: Row[]; otherRows?: number; totals: { net: number } };
};

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
