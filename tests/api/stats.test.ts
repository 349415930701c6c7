import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { eq, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { zonedDayHour } from '@/features/stats/zoned-time';
import { addDays } from '@/features/stats/periods';
import { communeKey } from '@/features/stats/communes';
import { orderLines, orders, statsOrderFacts } from '@/server/db/schema';
import { setupApiTestbed } from '../helpers/api-testbed';
import { catalogueCalls, createOk } from '../helpers/catalogue';
import { createShopFixture } from '../helpers/fixtures';
import { as, line, orderCalls, ordersOfShop, type Actor } from '../helpers/orders';
import { firstTill, ops, syncOk } from '../helpers/pos';

/*
 * Statistiques (issue 19): reports read from roll-ups kept with every order write; checked to the
 * franc on a hand-made set of orders, scoped by role, and equal to a plain recomputation whatever
 * the orders went through.
 */

const bed = setupApiTestbed();
const api = orderCalls(bed);
const catalogue = catalogueCalls(bed);
const today = () => zonedDayHour(new Date(), 'Africa/Dakar').day;
/** The first day of the month after `day`'s. */
const addMonthStart = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

const report = (a: Actor, name: string, params: Record<string, string> = {}) =>
  bed.server.call(
    'GET',
    `/api/stats/report?${new URLSearchParams({ shopId: a.shopId, report: name, from: today(), to: today(), compare: 'none', ...params })}`,
    { token: a.token },
  );

async function product(a: Actor, name: string, price: number, costPrice?: number) {
  const made = await createOk(bed, a.token!, a.shopId, {
    name,
    variants: [{ optionValues: [], price, stock: 1000, ...(costPrice ? { costPrice } : {}) }],
  });
  return { productId: made._id as string, variantId: made.variants[0]._id as string };
}

/** A product with options, one variant per value (in order): « Robe (M / Rouge) »… */
async function productWithVariants(
  a: Actor,
  name: string,
  variants: Array<{ values: string[]; price: number; costPrice?: number }>,
  options: Array<{ name: string; values: string[] }>,
) {
  const made = await createOk(bed, a.token!, a.shopId, {
    name,
    options,
    variants: variants.map((v) => ({
      optionValues: v.values,
      price: v.price,
      stock: 1000,
      ...(v.costPrice ? { costPrice: v.costPrice } : {}),
    })),
  });
  return {
    productId: made._id as string,
    variantIds: variants.map(
      (v) =>
        made.variants.find((m: { optionValues: string[] }) => m.optionValues.join('/') === v.values.join('/'))
          ._id as string,
    ),
  };
}

const address = (commune: string) => ({ quartier: '', commune, ville: 'Dakar', indications: '' });

/** Rows of a raw statement, on PGlite as on PostgreSQL. */
async function rowsOf<T extends Record<string, unknown>>(query: SQL): Promise<T[]> {
  return ((await bed.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

type Row = { key: string; label: string; figures: Record<string, number> } & Record<string, unknown>;

describe('GET /api/stats/report', () => {
  it('adds up a hand-made day to the franc: discounts, a refund, a cancelled order, a till sale on credit', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Chiffres');
    const a = as(fixture);
    const tea = await product(a, 'Thé', 1000, 600);
    const wax = await product(a, 'Pagne wax', 6000);
    // 1. WhatsApp: 3 thés with 300 off the line, 500 off the order, 1 000 delivery, paid 3 200 cash.
    const first = await api.create(a, {
      channel: 'whatsapp',
      lines: [line(tea.variantId, 3, 300)],
      orderDiscount: 500,
      deliveryFee: 1000,
      payment: { method: 'cash', amount: 3200 },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // 2. Phone: a pagne, paid by Wave, then 2 000 refunded in cash.
    const second = await api.create(a, {
      channel: 'phone',
      lines: [line(wax.variantId, 1)],
      payment: { method: 'wave', amount: 6000, reference: 'W-1' },
    });
    expect(
      (await api.refund(a, second.body.id, { amount: 2000, method: 'cash', restock: false })).status,
    ).toBe(200);
    // 3. Cancelled: no sale at all.
    const third = await api.create(a, { channel: 'phone', lines: [line(wax.variantId, 2)] });
    expect((await api.changeStatus(a, third.body.id, 'cancelled')).status).toBe(200);
    // 4. The till: 2 thés on credit for a client, by the cashier.
    const tillId = await firstTill(bed, a);
    const open = ops.open(tillId, 0);
    const client = await api.createClient(a, { name: 'Awa Ndiaye', phone: '77 123 45 67' });
    await syncOk(bed, as(fixture, 'cashier'), tillId, [
      open,
      ops.sale(open.sessionId, [{ variantId: tea.variantId, quantity: 2, unitPrice: 1000 }], {
        clientId: client.body.id,
        payments: [],
        isCredit: true,
      }),
    ]);

    const overview = await report(a, 'overview');
    expect(overview.status, JSON.stringify(overview.body)).toBe(200);
    expect(overview.body.totals).toEqual({
      orders: 3,
      items: 6,
      gross: 3000 + 6000 + 2000,
      discounts: 800,
      refunds: 2000,
      net: 11_000 - 800 - 2000,
      delivery: 1000,
      collected: 3200 + 6000 - 2000,
      due: 2000,
      total: 3200 + 6000 + 2000,
      averageBasket: Math.round((11_000 - 800 + 1000) / 3),
    });
    expect(overview.body.clients).toEqual({ new: 1, returning: 0 });
    expect(overview.body.granularity).toBe('hour');
    expect(overview.body.series).toHaveLength(24);
    expect(overview.body.series.reduce((n: number, p: { net: number }) => n + p.net, 0)).toBe(8200);

    const channels = (await report(a, 'channels')).body.rows;
    expect(
      channels.map((r: { key: string; label: string; figures: { net: number } }) => [r.label, r.figures.net]),
    ).toEqual(
      [
        ['Téléphone', 4000],
        ['Point de vente', 2000],
        ['WhatsApp', 2200],
      ].sort((x, y) => (y[1] as number) - (x[1] as number)),
    );

    const payments = (await report(a, 'payments')).body.rows;
    expect(
      payments.map((r: { label: string; figures: Record<string, number> }) => [r.label, r.figures]),
    ).toEqual(
      expect.arrayContaining([
        ['Wave', { collected: 6000, refunds: 0 }],
        ['Espèces', { collected: 3200 - 2000, refunds: 2000 }],
        ['À crédit (reste à encaisser)', { due: 2000 }],
      ]),
    );

    const products = (await report(a, 'products')).body.rows;
    const byName = Object.fromEntries(products.map((r: { label: string }) => [r.label, r]));
    // Thé: 5 sold for 5 000, 300 + 500 off; cost 600 each: margin 4 200 − 3 000.
    expect(byName['Thé']).toMatchObject({
      quantity: 5,
      figures: { gross: 5000, discounts: 800, refunds: 0, net: 4200 },
      cost: 3000,
      margin: 1200,
    });
    // Pagne: no cost price: listed, without a margin.
    expect(byName['Pagne wax']).toMatchObject({
      quantity: 1,
      figures: { gross: 6000, discounts: 0, refunds: 2000, net: 4000 },
      cost: null,
      margin: null,
    });

    // Discounts typed by hand; the margin over the tea only; Awa's credit; the stock now.
    expect((await report(a, 'discounts')).body.rows).toEqual([
      { key: 'manual', label: 'Remises manuelles', figures: { discounts: 800 }, previous: null },
    ]);
    expect((await report(a, 'margin')).body.margin).toEqual({
      costedNet: 4200,
      cost: 3000,
      margin: 1200,
      uncostedNet: 4000,
    });
    expect((await report(a, 'clients')).body.rows).toMatchObject([
      { key: client.body.id, label: 'Awa Ndiaye', figures: { orders: 1, net: 2000 } },
    ]);
    const stock = (await report(a, 'stock')).body;
    expect(stock.stock).toMatchObject({ atCost: 995 * 600, unitsWithoutCost: 1000 - 1 });
    expect(stock.stock.atPrice).toBe(995 * 1000 + 999 * 6000);
    const treasury = (await report(a, 'treasury')).body;
    expect(treasury.owedByClients).toBe(2000);
    expect(treasury.totals).toMatchObject({ total: 11_200, collected: 7200, due: 2000 });

    // Every report as CSV, the same figures.
    const csv = async (name: string) => {
      const params = { report: name, from: today(), to: today(), compare: 'none' };
      const answer = await api.exportCsv(a, params, '/api/stats/exportCsv');
      expect(answer.status).toBe(200);
      return answer.text.replace(/^\uFEFF/, '').split('\r\n');
    };
    const overviewCsv = await csv('overview');
    expect(overviewCsv[0]).toBe(`Vue d’ensemble;du ${today()} au ${today()}`);
    expect(overviewCsv).toContain('Ventes nettes;8200');
    expect(overviewCsv).toContain('Reste à encaisser;2000');
    expect(await csv('products')).toContain('Thé;5;0;;5000;800;0;4200;;;3000;1200');

    // The cashier sees only the sale they made.
    const own = await report(as(fixture, 'cashier'), 'overview');
    expect(own.body.totals).toMatchObject({ orders: 1, net: 2000, due: 2000 });
    const agents = (await report(a, 'agents')).body.rows;
    expect(
      agents.map((r: { figures: { net: number } }) => r.figures.net).reduce((x: number, y: number) => x + y),
    ).toBe(8200);
  });

  it('adds up variants and communes to the franc: spellings of one commune together, no address last, a refund', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Communes');
    const a = as(fixture);
    const robe = await productWithVariants(
      a,
      'Robe wax',
      [
        { values: ['M', 'Rouge'], price: 10_000, costPrice: 6000 },
        { values: ['L', 'Rouge'], price: 12_000 },
      ],
      [
        { name: 'Taille', values: ['M', 'L'] },
        { name: 'Couleur', values: ['Rouge'] },
      ],
    );
    const [m, l] = robe.variantIds as [string, string];
    const ok = async (body: Record<string, unknown>) => {
      const made = await api.create(a, body);
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      return made.body.id as string;
    };
    // 1. 2 M with 1 000 off the line, delivered to « Médina » for 1 500.
    await ok({
      channel: 'whatsapp',
      lines: [line(m, 2, 1000)],
      deliveryFee: 1500,
      deliveryAddress: address('Médina'),
    });
    // 2. 1 L to « medina » (written otherwise) for 1 000, paid, then 3 000 refunded.
    const second = await ok({
      channel: 'phone',
      lines: [line(l, 1)],
      deliveryFee: 1000,
      deliveryAddress: address(' medina '),
      payment: { method: 'wave', amount: 13_000, reference: 'W-2' },
    });
    expect((await api.refund(a, second, { amount: 3000, method: 'cash', restock: false })).status).toBe(200);
    // 3. 1 M and 1 L, 2 200 off the order (1 000 and 1 200 by what each line is worth), to « Grand  Yoff ».
    await ok({
      channel: 'instagram',
      lines: [line(m, 1), line(l, 1)],
      orderDiscount: 2200,
      deliveryFee: 2000,
      deliveryAddress: address('Grand  Yoff'),
    });
    // 4. « Médina » again: its most common spelling.
    await ok({ channel: 'phone', lines: [line(m, 1)], deliveryFee: 500, deliveryAddress: address('Médina') });
    // 5. Cancelled: counted nowhere.
    const fifth = await ok({ channel: 'phone', lines: [line(l, 3)], deliveryAddress: address('Yoff') });
    expect((await api.changeStatus(a, fifth, 'cancelled')).status).toBe(200);
    // 6. The till: 1 M by the cashier, no delivery address.
    const tillId = await firstTill(bed, a);
    const open = ops.open(tillId, 0);
    await syncOk(bed, as(fixture, 'cashier'), tillId, [
      open,
      ops.sale(open.sessionId, [{ variantId: m, quantity: 1, unitPrice: 10_000 }]),
    ]);

    const totals = (await report(a, 'overview')).body.totals;
    expect(totals).toMatchObject({ orders: 5, net: 50_000 - 2000 + 24_000 - 1200 - 3000, delivery: 5000 });

    const variants = await report(a, 'variants');
    expect(variants.status, JSON.stringify(variants.body)).toBe(200);
    expect(variants.body.rows).toEqual([
      {
        key: m,
        label: 'Robe wax (M / Rouge)',
        figures: { gross: 50_000, discounts: 2000, refunds: 0, net: 48_000 },
        previous: null,
        quantity: 5,
        refundedQuantity: 0,
        cost: 30_000,
        margin: 18_000,
      },
      {
        key: l,
        label: 'Robe wax (L / Rouge)',
        figures: { gross: 24_000, discounts: 1200, refunds: 3000, net: 19_800 },
        previous: null,
        quantity: 2,
        refundedQuantity: 0,
        cost: null,
        margin: null,
      },
    ]);
    // The product is the sum of its variants.
    expect((await report(a, 'products')).body.rows).toMatchObject([
      { key: robe.productId, quantity: 7, figures: { net: 67_800 }, cost: 30_000, margin: 18_000 },
    ]);

    const communes = await report(a, 'communes');
    expect(communes.status, JSON.stringify(communes.body)).toBe(200);
    expect(communes.body.rows).toEqual([
      {
        key: 'medina',
        label: 'Médina',
        figures: { orders: 3, net: 19_000 + 12_000 - 3000 + 10_000, delivery: 3000 },
        previous: null,
      },
      {
        key: 'grand yoff',
        label: 'Grand Yoff',
        figures: { orders: 1, net: 19_800, delivery: 2000 },
        previous: null,
      },
      {
        key: 'sans-adresse',
        label: 'Sans adresse de livraison',
        figures: { orders: 1, net: 10_000, delivery: 0 },
        previous: null,
      },
    ]);
    expect(communes.body.rows.reduce((n: number, r: Row) => n + r.figures.net!, 0)).toBe(totals.net);
    expect(communes.body.rows.reduce((n: number, r: Row) => n + r.figures.delivery!, 0)).toBe(
      totals.delivery,
    );

    // As CSV, the same figures.
    const csv = async (name: string) => {
      const answer = await api.exportCsv(
        a,
        { report: name, from: today(), to: today(), compare: 'none' },
        '/api/stats/exportCsv',
      );
      expect(answer.status).toBe(200);
      return answer.text.replace(/^\uFEFF/, '').split('\r\n');
    };
    const variantsCsv = await csv('variants');
    expect(variantsCsv[0]).toBe(`Par variante;du ${today()} au ${today()}`);
    expect(variantsCsv).toContain('Robe wax (M / Rouge);5;0;;50000;2000;0;48000;;;30000;18000');
    expect(variantsCsv).toContain('Robe wax (L / Rouge);2;0;;24000;1200;3000;19800;;;;');
    expect(await csv('communes')).toEqual([
      `Par commune;du ${today()} au ${today()}`,
      '',
      'Commune;Commandes;Ventes nettes;Frais de livraison',
      'Médina;3;38000;3000',
      'Grand Yoff;1;19800;2000',
      'Sans adresse de livraison;1;10000;0',
      '',
    ]);

    // The cashier: their own sale only. The inventory manager: variants, not the communes.
    expect((await report(as(fixture, 'cashier'), 'communes')).body.rows).toEqual([
      {
        key: 'sans-adresse',
        label: 'Sans adresse de livraison',
        figures: { orders: 1, net: 10_000, delivery: 0 },
        previous: null,
      },
    ]);
    expect((await report(as(fixture, 'cashier'), 'variants')).body.rows).toMatchObject([
      { key: m, quantity: 1, figures: { net: 10_000 } },
    ]);
    expect((await report(as(fixture, 'inventory-manager'), 'variants')).status).toBe(200);
    expect((await report(as(fixture, 'inventory-manager'), 'communes')).status).toBe(403);
    expect((await report(as(fixture, 'seller'), 'communes')).status).toBe(200);
  });

  it('refuses a period that ends before it starts, is longer than 5 years, an unknown report; other shops are 404', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Périodes');
    const a = as(fixture);
    const bad = async (params: Record<string, string>, name = 'overview') =>
      (await report(a, name, params)).body;
    expect((await bad({ from: '2026-02-10', to: '2026-02-01' })).error.details).toEqual({
      to: 'La date de fin précède la date de début.',
    });
    expect((await bad({ from: '2020-01-01', to: '2026-01-01' })).error.details).toEqual({
      to: 'Une période ne peut pas dépasser 5 ans.',
    });
    expect((await bad({}, 'horoscope')).error.details.report).toMatch(/Rapport inconnu/);
    expect((await bad({ from: '2026-02-31', to: '2026-03-01' })).error.details).toEqual({
      from: 'Indiquez une date qui existe.',
    });
    const other = await createShopFixture(bed.database.db, 'Boutique Voisine');
    expect((await report({ token: a.token, shopId: other.shop.id }, 'overview')).status).toBe(404);
    // An inventory manager reads the product reports only.
    expect((await report(as(fixture, 'inventory-manager'), 'products')).status).toBe(200);
    expect((await report(as(fixture, 'inventory-manager'), 'overview')).status).toBe(403);
  });
});

describe('the roll-ups', () => {
  it('count an order rolled up before stats_communes existed once, after migration 0023 marks it again', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Migrée');
    const a = as(fixture);
    const tea = await product(a, 'Thé', 1000, 400);
    const first = await api.create(a, {
      channel: 'whatsapp',
      lines: [line(tea.variantId, 2)],
      deliveryFee: 500,
      deliveryAddress: address('Ouakam'),
      payment: { method: 'cash', amount: 2500 },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await api.refund(a, first.body.id, { amount: 500, method: 'cash', restock: false })).status).toBe(
      200,
    );
    expect((await api.create(a, { channel: 'phone', lines: [line(tea.variantId, 1)] })).status).toBe(200);
    const expected = [
      { key: 'ouakam', label: 'Ouakam', figures: { orders: 1, net: 1500, delivery: 500 }, previous: null },
      {
        key: 'sans-adresse',
        label: 'Sans adresse de livraison',
        figures: { orders: 1, net: 1000, delivery: 0 },
        previous: null,
      },
    ];
    expect((await report(a, 'communes')).body.rows).toEqual(expected);

    // Every other roll-up of the shop, as it stands.
    const others = async () => {
      const tables = ['stats_sales', 'stats_payments', 'stats_products', 'stats_discounts', 'stats_clients'];
      tables.push('stats_days', 'stats_shop_days', 'stats_payment_days', 'stats_product_days');
      tables.push('stats_product_months');
      const out: Record<string, string[]> = {};
      for (const table of tables)
        out[table] = (await rowsOf(sql`select * from ${sql.raw(table)} where shop_id = ${fixture.shop.id}`))
          .map((r) => JSON.stringify(r))
          .sort();
      return out;
    };
    const before = await others();
    expect(before.stats_sales!.length).toBeGreaterThan(0);

    // As before the communes' roll-up existed: the packed facts without its rows, the table empty.
    for (const fact of await bed.database.db
      .select()
      .from(statsOrderFacts)
      .where(eq(statsOrderFacts.shopId, fixture.shop.id))) {
      const rows = { ...fact.rows, r: fact.rows.r.filter(([key]) => !key.startsWith('k\u001f')) };
      expect(rows.r.length).toBeLessThan(fact.rows.r.length);
      await bed.database.db
        .update(statsOrderFacts)
        .set({ rows })
        .where(eq(statsOrderFacts.orderId, fact.orderId));
    }
    await rowsOf(sql`delete from stats_communes where shop_id = ${fixture.shop.id}`);
    await rowsOf(sql`delete from stats_commune_days where shop_id = ${fixture.shop.id}`);
    expect((await report(a, 'communes')).body.rows).toEqual([]);

    // The migration's last statement, as written: every order marked again.
    const migration = readFileSync('drizzle/0023_stats_communes.sql', 'utf8').split(
      '--> statement-breakpoint',
    );
    const remark = sql.raw(migration.at(-1)!);
    await bed.database.db.execute(remark);
    const marked = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from stats_dirty_orders where shop_id = ${fixture.shop.id}`,
    );
    expect(Number(marked[0]!.n)).toBe(2);
    // Rolled up by the report: the communes come, once; nothing else moved.
    expect((await report(a, 'communes')).body.rows).toEqual(expected);
    expect(await others()).toEqual(before);
    // Marked again with its facts whole: still counted once.
    await bed.database.db.execute(remark);
    expect((await report(a, 'communes')).body.rows).toEqual(expected);
    expect(await others()).toEqual(before);
  });

  it('equal a recomputation from the orders after any sequence of creates, payments, refunds, edits, status and category changes', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Cohérente');
    const a = as(fixture);
    const pagne = await productWithVariants(
      a,
      'Pagne',
      [
        { values: ['S'], price: 3000, costPrice: 1000 },
        { values: ['L'], price: 3500 },
      ],
      [{ name: 'Taille', values: ['S', 'L'] }],
    );
    const items = [
      await product(a, 'Bissap', 1500, 900),
      await product(a, 'Café', 2500),
      await product(a, 'Savon', 700, 300),
      ...pagne.variantIds.map((variantId) => ({ productId: pagne.productId, variantId })),
    ];
    const categoryIds: Array<string | null> = [null];
    for (const name of ['Boissons', 'Textile']) {
      const made = await catalogue.createCategory(a.token!, a.shopId, name);
      categoryIds.push(made.body._id as string);
    }
    // Each product's category as the test set it: what « Par catégorie » must follow.
    const categoryOf = new Map<string, string | null>(items.map((i) => [i.productId, null]));
    // Communes as typed by hand: one commune in several spellings, and no address at all.
    const communes = fc.constantFrom(
      null,
      'Plateau',
      ' plateau',
      'PLATEAU',
      'Médina',
      'medina',
      'Grand  Yoff',
    );
    const ids: string[] = [];
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant('create' as const),
        lines: fc.array(
          fc.record({ item: fc.nat(4), quantity: fc.integer({ min: 1, max: 4 }), off: fc.nat(200) }),
          {
            minLength: 1,
            maxLength: 3,
          },
        ),
        orderDiscount: fc.nat(500),
        paid: fc.nat(100),
        channel: fc.constantFrom('whatsapp', 'phone', 'instagram'),
        commune: communes,
        deliveryFee: fc.constantFrom(0, 500, 1000),
      }),
      fc.record({
        kind: fc.constant('pay' as const),
        order: fc.nat(),
        percent: fc.integer({ min: 1, max: 100 }),
      }),
      fc.record({
        kind: fc.constant('refund' as const),
        order: fc.nat(),
        amount: fc.integer({ min: 1, max: 3000 }),
      }),
      fc.record({
        kind: fc.constant('edit' as const),
        order: fc.nat(),
        item: fc.nat(4),
        quantity: fc.integer({ min: 1, max: 5 }),
        commune: communes,
      }),
      fc.record({
        kind: fc.constant('status' as const),
        order: fc.nat(),
        status: fc.constantFrom('cancelled', 'returned', 'confirmed'),
      }),
      fc.record({
        kind: fc.constant('category' as const),
        item: fc.nat(4),
        category: fc.nat(2),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 20, maxLength: 80 }), async (steps) => {
        for (const step of steps) {
          if (step.kind === 'category') {
            const { productId } = items[step.item]!;
            const categoryId = categoryIds[step.category]!;
            const moved = await catalogue.bulk(a.token!, a.shopId, [productId], {
              action: 'category',
              categoryId,
            });
            expect(moved.status, JSON.stringify(moved.body)).toBe(200);
            categoryOf.set(productId, categoryId);
            continue;
          }
          if (step.kind === 'create') {
            const lines = step.lines.map((l) =>
              line(items[l.item]!.variantId, l.quantity, Math.min(l.off, 500)),
            );
            const made = await api.create(a, {
              channel: step.channel,
              lines,
              orderDiscount: step.orderDiscount,
              deliveryFee: step.deliveryFee,
              deliveryAddress: step.commune === null ? null : address(step.commune),
            });
            if (made.status === 200) ids.push(made.body.id);
            continue;
          }
          if (ids.length === 0) continue;
          const orderId = ids[step.order % ids.length]!;
          const order = (await api.get(a, orderId)).body;
          if (step.kind === 'pay') {
            const owed = order.total - order.paidAmount;
            if (owed > 0)
              await api.addPayment(a, orderId, Math.max(1, Math.floor((owed * step.percent) / 100)));
          } else if (step.kind === 'edit') {
            await api.update(a, orderId, {
              lines: [line(items[step.item]!.variantId, step.quantity)],
              orderDiscount: 0,
              deliveryFee: 0,
              deliveryAddress: step.commune === null ? null : address(step.commune),
            });
          } else if (step.kind === 'refund') {
            await api.refund(a, orderId, { amount: step.amount, method: 'cash', restock: false });
          } else {
            await api.changeStatus(a, orderId, step.status);
          }
        }
        await expectRollUpsEqualOrders(a, categoryOf);
      }),
      // About a thousand operations in all, on orders that pile up from one run to the next.
      { numRuns: 20 },
    );
  }, 180_000);
});

/**
 * The overview and every breakdown against a plain reading of the orders through the API: each
 * sums to the same totals, and those are what the orders say.
 */
async function expectRollUpsEqualOrders(a: Actor, categoryOf: ReadonlyMap<string, string | null>) {
  let gross = 0;
  let discounts = 0;
  let refunds = 0;
  let collected = 0;
  let sales = 0;
  let delivery = 0;
  // By commune (spellings together) and by variant, as plainly as the orders say.
  const byCommune = new Map<string, { orders: number; net: number; delivery: number }>();
  const byVariant = new Map<string, { quantity: number; gross: number }>();
  const sold = new Set<string>();
  for (const order of await ordersOfShop(bed, a.shopId)) {
    const isSale = order.fulfilmentStatus !== 'cancelled' && order.fulfilmentStatus !== 'returned';
    collected += order.paidAmount - order.refundedAmount;
    if (!isSale) continue;
    sales++;
    gross += order.subtotal;
    discounts += order.lineDiscountTotal + order.orderDiscount;
    refunds += order.refundedAmount;
    delivery += order.deliveryFee;
    const key = communeKey(order.deliveryAddress?.commune ?? '');
    const commune = byCommune.get(key) ?? { orders: 0, net: 0, delivery: 0 };
    commune.orders++;
    commune.net += order.subtotal - order.lineDiscountTotal - order.orderDiscount - order.refundedAmount;
    commune.delivery += order.deliveryFee;
    byCommune.set(key, commune);
    sold.add(order.id);
  }
  const lineRows = await bed.database.db
    .select({
      orderId: orderLines.orderId,
      variantId: orderLines.variantId,
      quantity: orderLines.quantity,
      unitPrice: orderLines.unitPrice,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orders.shopId, a.shopId));
  for (const l of lineRows) {
    if (!sold.has(l.orderId)) continue;
    const variant = byVariant.get(l.variantId) ?? { quantity: 0, gross: 0 };
    variant.quantity += l.quantity;
    variant.gross += l.unitPrice * l.quantity;
    byVariant.set(l.variantId, variant);
  }
  const totals = (await report(a, 'overview')).body.totals;
  expect(totals).toMatchObject({
    orders: sales,
    gross,
    discounts,
    refunds,
    net: gross - discounts - refunds,
    collected,
    delivery,
  });
  for (const name of ['channels', 'agents', 'products', 'variants', 'categories']) {
    const rows = (await report(a, name)).body.rows as Array<{ figures: { net: number; gross: number } }>;
    expect(
      rows.reduce((n, r) => n + (r.figures.net ?? 0), 0),
      name,
    ).toBe(totals.net);
    expect(
      rows.reduce((n, r) => n + (r.figures.gross ?? 0), 0),
      name,
    ).toBe(totals.gross);
  }
  // Communes and variants, row by row, against the orders; the communes sum to the overview.
  const communeRows = (await report(a, 'communes')).body.rows as Row[];
  expect(Object.fromEntries(communeRows.map((r) => [r.key, r.figures])), 'communes').toEqual(
    Object.fromEntries(byCommune),
  );
  expect(communeRows.at(-1)?.key === 'sans-adresse' || !byCommune.has('sans-adresse')).toBe(true);
  expect(communeRows.reduce((n, r) => n + r.figures.net!, 0)).toBe(totals.net);
  const variantRows = (await report(a, 'variants')).body.rows as Row[];
  expect(
    Object.fromEntries(variantRows.map((r) => [r.key, { quantity: r.quantity, gross: r.figures.gross }])),
    'variants',
  ).toEqual(Object.fromEntries(byVariant));
  // Over whole months the products come from the monthly roll-up: the same sums.
  const month = { from: addDays(`${today().slice(0, 7)}-01`, -1), to: addDays(addMonthStart(today()), -1) };
  const monthly = (await report(a, 'products', month)).body.rows as Array<{ figures: { net: number } }>;
  expect(monthly.reduce((n, r) => n + (r.figures.net ?? 0), 0)).toBe(totals.net);
  const monthlyVariants = (await report(a, 'variants', month)).body.rows as Row[];
  expect(monthlyVariants.reduce((n, r) => n + r.figures.net!, 0)).toBe(totals.net);
  expect((await report(a, 'overview', month)).body.totals).toMatchObject({
    net: totals.net,
    orders: totals.orders,
  });
  // By category over this calendar month (its own monthly roll-up): each product's sales under its
  // category now, row by row.
  const thisMonth = { from: `${today().slice(0, 7)}-01`, to: addDays(addMonthStart(today()), -1) };
  const byCategory = new Map<string, number>();
  for (const r of (await report(a, 'products', thisMonth)).body.rows as Row[]) {
    const key = categoryOf.get(r.key) ?? 'sans-categorie';
    byCategory.set(key, (byCategory.get(key) ?? 0) + r.figures.net!);
  }
  const categoryRows = (await report(a, 'categories', thisMonth)).body.rows as Row[];
  expect(Object.fromEntries(categoryRows.map((r) => [r.key, r.figures.net])), 'categories').toEqual(
    Object.fromEntries(byCategory),
  );
  const discountRows = (await report(a, 'discounts')).body.rows as Array<{ figures: { discounts?: number } }>;
  expect(discountRows.reduce((n, r) => n + (r.figures.discounts ?? 0), 0)).toBe(totals.discounts);
  const margin = (await report(a, 'margin')).body.margin;
  expect(margin.costedNet + margin.uncostedNet).toBe(totals.net);
  const payments = (await report(a, 'payments')).body.rows as Array<{ figures: { collected?: number } }>;
  expect(payments.reduce((n, r) => n + (r.figures.collected ?? 0), 0)).toBe(collected);
}
