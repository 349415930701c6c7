import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drillDown } from '@/features/stats/client/stats-view';
import type { StatsReportName } from '@/features/stats/stats.schemas';
import { zonedDayHour } from '@/features/stats/zoned-time';
import { setupApiTestbed } from '../helpers/api-testbed';
import { catalogueCalls } from '../helpers/catalogue';
import { createShopFixture } from '../helpers/fixtures';
import { as, line, orderCalls, sellable, type Actor } from '../helpers/orders';

/*
 * « Each figure drills down to the orders behind it » (issue 19): every row of a report links to
 * Commandes with a filter; the list behind the link holds exactly the orders the row counts.
 */

const bed = setupApiTestbed();
const api = orderCalls(bed);
const catalogue = catalogueCalls(bed);
const today = () => zonedDayHour(new Date(), 'Africa/Dakar').day;

interface Row {
  key: string;
  label: string;
  figures: { orders?: number };
}

const report = async (a: Actor, name: StatsReportName, from = today(), to = today()) => {
  const answer = await bed.server.call(
    'GET',
    `/api/stats/report?${new URLSearchParams({ shopId: a.shopId, report: name, from, to, compare: 'none' })}`,
    { token: a.token },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { report: StatsReportName; period: { from: string; to: string }; rows: Row[] };
};

/** The order numbers the list shows behind a link, as Commandes reads its query. */
async function ordersBehind(a: Actor, href: string): Promise<number[]> {
  const {
    shopId: _shopId,
    libelle: _label,
    ...params
  } = Object.fromEntries(new URL(`http://localhost${href}`).searchParams);
  const listed = await api.list(a, { ...params, limit: '100' });
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  const counted = await api.count(a, params);
  expect(counted.body.count).toBe(listed.body.items.length);
  return (listed.body.items as Array<{ number: number }>).map((o) => o.number).sort((x, y) => x - y);
}

const address = (commune: string) => ({ quartier: '', commune, ville: 'Dakar', indications: '' });

describe('drill-down from Statistiques to Commandes', () => {
  it('finds, for a row of each report, the orders it counts: not a cancelled one, not another row’s', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Détails');
    const a = as(fixture);
    const drinks = (await catalogue.createCategory(a.token!, a.shopId, 'Boissons')).body._id as string;
    const tea = await sellable(bed, a, 'Thé', 1000, { stock: 100, categoryId: drinks });
    const soap = await sellable(bed, a, 'Savon', 500, { stock: 100 });
    const awa = (await api.createClient(a, { name: 'Awa Diop', phone: '77 555 10 01' })).body.id as string;
    const discount = await bed.server.call('POST', '/api/discount/create', {
      token: a.token,
      body: {
        shopId: a.shopId,
        name: 'Code AMI',
        kind: 'code',
        code: 'AMI',
        value: { target: 'order', reduction: { type: 'amount', amount: 100 } },
        combinesWith: { order: false, product: true, delivery: true },
      },
    });
    expect(discount.status, JSON.stringify(discount.body)).toBe(200);

    const made = async (body: Record<string, unknown>) => {
      const answer = await api.create(a, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body as { id: string; number: number };
    };
    // 1: tea for Awa, in « Grand-Yoff », with the code. 2: soap, « grand  yoff ». 3: both, at the
    // Médina, cancelled. 4: soap, no address.
    const first = await made({
      channel: 'whatsapp',
      clientId: awa,
      lines: [line(tea.variantId, 2)],
      deliveryAddress: address('Grand-Yoff'),
      discountCodes: ['AMI'],
    });
    const second = await made({
      channel: 'phone',
      lines: [line(soap.variantId, 1)],
      deliveryAddress: address('grand  yoff'),
    });
    const third = await made({
      channel: 'phone',
      clientId: awa,
      lines: [line(tea.variantId, 1), line(soap.variantId, 1)],
      deliveryAddress: address('Médina'),
    });
    expect((await api.changeStatus(a, third.id, 'cancelled')).status).toBe(200);
    const fourth = await made({ channel: 'phone', lines: [line(soap.variantId, 3)] });

    const expected: Record<string, Record<string, number[]>> = {
      products: { [tea.productId]: [first.number], [soap.productId]: [second.number, fourth.number] },
      variants: { [tea.variantId]: [first.number], [soap.variantId]: [second.number, fourth.number] },
      categories: { [drinks]: [first.number], 'sans-categorie': [second.number, fourth.number] },
      clients: { [awa]: [first.number] },
      communes: { 'grand yoff': [first.number, second.number], 'sans-adresse': [fourth.number] },
      discounts: { [`order:${discount.body.id}`]: [first.number] },
      channels: { whatsapp: [first.number], phone: [second.number, fourth.number] },
      agents: { [fixture.members.admin.user.id]: [first.number, second.number, fourth.number] },
    };
    for (const [name, rows] of Object.entries(expected)) {
      const answer = await report(a, name as StatsReportName);
      expect(answer.rows.map((r) => r.key).sort(), name).toEqual(Object.keys(rows).sort());
      for (const row of answer.rows) {
        const href = drillDown(answer, row, a.shopId);
        expect(href, `${name} ${row.label}`).not.toBeNull();
        const numbers = await ordersBehind(a, href!);
        expect(numbers, `${name} ${row.label}`).toEqual(rows[row.key]);
        // Where the row counts orders, the list behind it has that many.
        if (row.figures.orders !== undefined) expect(numbers).toHaveLength(row.figures.orders);
      }
      // Over the whole month (read from the monthly roll-ups where there are), the same rows.
      const monthStart = `${today().slice(0, 7)}-01`;
      const [y, m] = monthStart.split('-').map(Number) as [number, number];
      const monthEnd = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
      const monthly = await report(a, name as StatsReportName, monthStart, monthEnd);
      expect(monthly.rows, `${name} over the month`).toEqual(answer.rows);
    }

    // Migrations 0024, 0025, 0028, 0037 and 0039 fill the shop-wide roll-ups from the finer ones: the same reports.
    const names = ['overview', 'agents', 'communes', 'clients', 'products', 'categories', 'margin'] as const;
    const [y, m] = today().split('-').map(Number) as [number, number];
    const wholeMonth = [
      `${today().slice(0, 7)}-01`,
      new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10),
    ] as const;
    const readAll = () =>
      Promise.all([...names.map((name) => report(a, name)), report(a, 'categories', ...wholeMonth)]);
    const before = await readAll();
    expect(before.at(-1)!.rows.length).toBeGreaterThan(0);
    for (const table of [
      'stats_agent_days',
      'stats_commune_days',
      'stats_client_months',
      'stats_product_total_days',
      'stats_product_total_months',
      'stats_product_total_years',
      'stats_shop_days',
      'stats_category_months',
      'stats_product_categories',
    ])
      await bed.database.db.execute(sql.raw(`delete from ${table}`));
    expect((await report(a, 'agents')).rows).toEqual([]);
    expect((await report(a, 'products')).rows).toEqual([]);
    expect((await report(a, 'categories', ...wholeMonth)).rows).toEqual([]);
    const overview = (await report(a, 'overview')) as unknown as { totals: { orders: number } };
    expect(overview.totals.orders).toBe(0);
    const fills = [
      'drizzle/0024_stats_shop_wide_agents_communes_clients.sql',
      'drizzle/0025_stats_product_totals.sql',
      'drizzle/0028_stats_shop_days.sql',
      'drizzle/0037_stats_product_total_years.sql',
      'drizzle/0039_stats_category_months.sql',
    ].flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('--> statement-breakpoint')
        .filter((statement) => /^\s*(--.*\n)*\s*INSERT/i.test(statement)),
    );
    expect(fills).toHaveLength(9);
    for (const statement of fills) await bed.database.db.execute(sql.raw(statement));
    expect(await readAll()).toEqual(before);
  });

  it('keeps a cashier on their own sales behind a link, and refuses a filter of another shop', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Caisse');
    const a = as(fixture);
    const soap = await sellable(bed, a, 'Savon', 500, { stock: 100 });
    await api.create(a, { channel: 'phone', lines: [line(soap.variantId, 1)] });
    const cashier = as(fixture, 'cashier');
    const listed = await api.list(cashier, { productId: soap.productId });
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([]);
    // A product of another shop finds nothing here.
    const other = await createShopFixture(bed.database.db, 'Boutique Voisine');
    const theirs = await sellable(bed, as(other), 'Savon', 500, { stock: 100 });
    await api.create(as(other), { channel: 'phone', lines: [line(theirs.variantId, 1)] });
    expect((await api.list(a, { productId: theirs.productId })).body.items).toEqual([]);
    // Too long a commune is a French error naming the field.
    const bad = await api.list(a, { commune: 'x'.repeat(101) });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toMatch(/commune/);
  });
});
