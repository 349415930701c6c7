import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discountUses, orders } from '@/server/db/schema';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture } from '../helpers/fixtures';
import { as, line, orderCalls, plain, sellable, type Actor } from '../helpers/orders';
import { firstTill, ops, posCalls, syncOk } from '../helpers/pos';
import { catalogueCalls } from '../helpers/catalogue';

/*
 * Discounts where they are used (issue Réductions): manual orders priced by the server's engine,
 * the snapshot « Pourquoi ce prix ? » reads, uses counted once and limits held under concurrency,
 * and a till's offline promotions kept, counted once per op and flagged past a limit.
 */

const bed = setupApiTestbed();
const api = orderCalls(bed);
const pos = posCalls(bed);
const catalogue = catalogueCalls(bed);

const discountCall = (a: Actor, path: string, body: Record<string, unknown>) =>
  bed.server.call('POST', `/api/discount/${path}`, { token: a.token, body: { shopId: a.shopId, ...body } });
const discountGet = (a: Actor, path: string, params: Record<string, string> = {}) =>
  bed.server.call(
    'GET',
    `/api/discount/${path}?${new URLSearchParams({ shopId: a.shopId, ...params }).toString()}`,
    { token: a.token },
  );

async function createDiscount(a: Actor, body: Record<string, unknown>): Promise<string> {
  const answer = await discountCall(a, 'create', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.id;
}

const threeForTwo = (productId: string) => ({
  name: '3 pour 2',
  kind: 'automatic',
  value: {
    target: 'buy-x-get-y',
    buy: { quantity: 2, products: { productIds: [productId] } },
    get: { quantity: 1, products: { productIds: [productId] }, percentage: 100 },
    repeats: true,
  },
  combinesWith: { order: true, product: false, delivery: true },
});

const welcome = (extra: Record<string, unknown> = {}) => ({
  name: 'Bienvenue',
  kind: 'code',
  code: 'BIENVENUE10',
  value: { target: 'order', reduction: { type: 'percentage', percentage: 10 } },
  combinesWith: { order: false, product: true, delivery: true },
  ...extra,
});

/** A shop selling « Bissap » at 1 505 FCFA: three of them with 10 % off come to an odd total. */
async function shopWithDiscounts(name: string) {
  const fixture = await createShopFixture(bed.database.db, name);
  const bissap = await sellable(bed, as(fixture), 'Bissap', 1505, { stock: 100 });
  const bxgy = await createDiscount(as(fixture), threeForTwo(bissap.productId));
  const code = await createDiscount(as(fixture), welcome());
  return { fixture, bissap, bxgy, code };
}

async function usesOf(shopId: string) {
  return bed.database.db.select().from(discountUses).where(eq(discountUses.shopId, shopId));
}

describe('a manual order with discounts', () => {
  it('applies the automatic « 3 pour 2 » and the code typed in any case, rounds, and keeps the snapshot', async () => {
    const { fixture, bissap, bxgy, code } = await shopWithDiscounts('Boutique Remises');
    const answer = await api.create(as(fixture, 'seller'), {
      lines: [line(bissap.variantId, 3)],
      discountCodes: ['  bienvenue10 '],
      deliveryFee: 1000,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const order = answer.body;
    // 3 × 1 505 = 4 515; one offered: −1 505 → 3 010; −10 % → −301 → 2 709; + 1 000 = 3 709 → 3 705.
    expect(order).toMatchObject({ subtotal: 4515, lineDiscountTotal: 1505, deliveryFee: 1000, total: 3705 });
    expect(order.orderDiscount).toBe(301 + 4);
    expect(order.ownOrderDiscount).toBe(0);
    expect(order.lines[0]).toMatchObject({ lineDiscount: 1505, ownDiscount: 0, total: 3010 });
    expect(order.discountCodes).toEqual(['BIENVENUE10']);
    expect(
      order.adjustments.map((a: { type: string; discountId: string | null; amount: number }) => [
        a.type,
        a.discountId,
        a.amount,
      ]),
    ).toEqual([
      ['product', bxgy, 1505],
      ['order', code, 301],
      ['rounding', null, 4],
    ]);
    expect(plain(order.adjustments[2].why)).toMatch(/Arrondi au multiple de 5 F?CFA inférieur/);
    expect(order.adjustments[0].lines).toEqual([{ lineId: order.lines[0].id, amount: 1505 }]);
    // The page reads the same snapshot back.
    const read = (await api.get(as(fixture), order.id)).body;
    expect(read.adjustments).toEqual(order.adjustments);
    expect(read.total).toBe(3705);

    const listed = (await discountGet(as(fixture), 'list')).body.items;
    const usage = Object.fromEntries(listed.map((d: { id: string; usage: unknown }) => [d.id, d.usage]));
    expect(usage[bxgy]).toEqual({ orders: 1, revenue: 3705, discounted: 1505 });
    expect(usage[code]).toEqual({ orders: 1, revenue: 3705, discounted: 301 });

    // Refunding the line gives back what it was sold for: 3 010 less its share of the −10 %.
    expect((await api.addPayment(as(fixture), order.id, 3705)).status).toBe(200);
    const refund = await api.refund(as(fixture), order.id, {
      lines: [{ lineId: order.lines[0].id, quantity: 3 }],
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body.refundedAmount).toBe(2709);
  });

  it('refuses a code that does not exist, is expired or not for this channel, saying why, and saves nothing', async () => {
    const { fixture, bissap } = await shopWithDiscounts('Boutique Codes refusés');
    const past = new Date(Date.now() - 86_400_000).toISOString();
    await createDiscount(
      as(fixture),
      welcome({
        name: 'Ancien',
        code: 'NOEL',
        startsAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
        endsAt: past,
      }),
    );
    await createDiscount(
      as(fixture),
      welcome({ name: 'Caisse', code: 'CAISSE', conditions: { channels: ['pos'] } }),
    );
    const cases: Array<[string, RegExp]> = [
      ['FAUX', /FAUX\s:\sCode inconnu/],
      ['noel', /NOEL\s:\sCode expiré/],
      ['caisse', /CAISSE\s:\sCe code n’est pas valable/],
    ];
    for (const [typed, message] of cases) {
      const answer = await api.create(as(fixture), {
        lines: [line(bissap.variantId, 1)],
        discountCodes: [typed],
      });
      expect(answer.status, typed).toBe(422);
      expect(plain(answer.body.error.details.discountCodes), typed).toMatch(message);
    }
    const saved = await bed.database.db.select().from(orders).where(eq(orders.shopId, fixture.shop.id));
    expect(saved).toHaveLength(0);
    expect(await usesOf(fixture.shop.id)).toHaveLength(0);
  });

  it('20 concurrent orders racing for the last use of a code: exactly one gets it', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Dernier code');
    const item = await sellable(bed, as(fixture), 'Thé', 1000, { stock: 1000 });
    const id = await createDiscount(as(fixture), welcome({ code: 'DERNIER', limits: { totalUses: 3 } }));
    for (let i = 0; i < 2; i++)
      expect(
        (await api.create(as(fixture), { lines: [line(item.variantId, 1)], discountCodes: ['DERNIER'] }))
          .status,
      ).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.create(as(fixture), { lines: [line(item.variantId, 1)], discountCodes: ['DERNIER'] }),
      ),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 200)) {
      expect(lost.status).toBe(422);
      expect(plain(lost.body.error.details.discountCodes)).toMatch(/DERNIER/);
    }
    expect((await discountGet(as(fixture), 'get', { id })).body.usage.orders).toBe(3);
    expect(await usesOf(fixture.shop.id)).toHaveLength(3);
  });

  it('reaches a product filed under a sub-category of the one chosen, and nothing outside it', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Rayons');
    const a = as(fixture);
    const clothes = (await catalogue.createCategory(a.token!, a.shopId, 'Vêtements')).body._id as string;
    const dresses = (await catalogue.createCategory(a.token!, a.shopId, 'Robes', clothes)).body._id as string;
    const dress = await sellable(bed, a, 'Robe wax', 10_000, { stock: 10, categoryId: dresses });
    const tea = await sellable(bed, a, 'Thé', 1_000, { stock: 10 });
    const id = await createDiscount(a, {
      name: 'Vêtements −20 %',
      kind: 'automatic',
      value: {
        target: 'products',
        products: { categoryIds: [clothes] },
        reduction: { type: 'percentage', percentage: 20 },
      },
      combinesWith: { order: true, product: false, delivery: true },
    });
    const answer = await api.create(a, { lines: [line(dress.variantId, 1), line(tea.variantId, 1)] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.adjustments).toMatchObject([
      {
        type: 'product',
        discountId: id,
        amount: 2000,
        lines: [{ lineId: answer.body.lines[0].id, amount: 2000 }],
      },
    ]);
    expect(answer.body.total).toBe(9000);
  });

  it('reaches the clients with the tag chosen, and them only (tags from the client’s page)', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Étiquettes remises');
    const a = as(fixture);
    const tea = await sellable(bed, a, 'Thé', 1000, { stock: 100 });
    const vip = (await api.createClient(a, { name: 'Awa VIP', phone: '77 555 00 01' })).body.id as string;
    const other = (await api.createClient(a, { name: 'Binta', phone: '77 555 00 02' })).body.id as string;
    const tagged = await bed.server.call('POST', '/api/client/update', {
      token: a.token,
      body: { shopId: a.shopId, clientId: vip, tags: ['VIP'] },
    });
    expect(tagged.status).toBe(200);
    await createDiscount(a, {
      name: 'VIP −10 %',
      kind: 'automatic',
      value: { target: 'order', reduction: { type: 'percentage', percentage: 10 } },
      conditions: { customers: { type: 'tags', tags: ['VIP'] } },
      combinesWith: { order: false, product: true, delivery: true },
    });
    const order = (clientId: string) => api.create(a, { clientId, lines: [line(tea.variantId, 2)] });
    expect((await order(vip)).body.total).toBe(1800);
    expect((await order(other)).body.total).toBe(2000);
    const pricing = await discountGet(a, 'pricing', { channel: 'manual', clientId: vip });
    expect(pricing.body.client.tags).toEqual(['VIP']);
  });

  it('holds a limit per client, by phone: the third use by the same client is refused, another client’s is not', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Fidèle');
    const item = await sellable(bed, as(fixture), 'Thé', 1000, { stock: 1000 });
    const id = await createDiscount(as(fixture), welcome({ code: 'DEUXFOIS', limits: { usesPerClient: 2 } }));
    const order = (phone: string) =>
      api.create(as(fixture), {
        lines: [line(item.variantId, 1)],
        discountCodes: ['DEUXFOIS'],
        newClient: { name: 'Awa Ndiaye', phone },
      });
    for (let i = 0; i < 2; i++) expect((await order('+221771112233')).status).toBe(200);
    const third = await order('+221771112233');
    expect(third.status).toBe(422);
    expect(plain(third.body.error.details.discountCodes)).toMatch(/DEUXFOIS/);
    expect((await order('+221774445566')).status).toBe(200);
    expect((await discountGet(as(fixture), 'get', { id })).body.usage.orders).toBe(3);
    const uses = await usesOf(fixture.shop.id);
    expect(uses.map((u) => u.clientPhone).sort()).toEqual([
      '+221771112233',
      '+221771112233',
      '+221774445566',
    ]);
    expect(uses.every((u) => u.overLimit === null)).toBe(true);
  });

  it('counts the uses of a merged client for the one kept: a merge gives no limited discount again', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Fusion remises');
    const a = as(fixture);
    const item = await sellable(bed, a, 'Thé', 1000, { stock: 1000 });
    await createDiscount(a, welcome({ code: 'UNEFOIS', limits: { usesPerClient: 1 } }));
    const order = (phone: string) =>
      api.create(a, {
        lines: [line(item.variantId, 1)],
        discountCodes: ['UNEFOIS'],
        newClient: { name: 'Awa Ndiaye', phone },
      });
    const byFirst = await order('+221771112233');
    expect(byFirst.status, JSON.stringify(byFirst.body)).toBe(200);
    const kept = await api.createClient(a, { name: 'Awa Ndiaye', phone: '+221774445566' });
    const merge = await bed.server.call('POST', '/api/client/merge', {
      token: a.token,
      body: { shopId: a.shopId, keepId: kept.body.id, mergeId: byFirst.body.clientId },
    });
    expect(merge.status, JSON.stringify(merge.body)).toBe(200);
    const again = await order('+221774445566');
    expect(again.status).toBe(422);
    expect(plain(again.body.error.details.discountCodes)).toMatch(/UNEFOIS/);
  });

  it('an edit prices again: quantities change the « 3 pour 2 », and its own uses never count against a limit', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Modifs remises');
    const bissap = await sellable(bed, as(fixture), 'Bissap', 1000, { stock: 100 });
    const bxgy = await createDiscount(as(fixture), threeForTwo(bissap.productId));
    const code = await createDiscount(as(fixture), welcome({ limits: { totalUses: 1 } }));
    const made = await api.create(as(fixture), {
      lines: [line(bissap.variantId, 3)],
      discountCodes: ['BIENVENUE10'],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.total).toBe(1800);

    // Six units: two offered, and the code (at its limit, used by this very order) still applies.
    const edited = await api.update(as(fixture), made.body.id, {
      lines: [line(bissap.variantId, 6, 100)],
      orderDiscount: 0,
      deliveryFee: 0,
      deliveryAddress: null,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    // 6 000 − 2 000 offered = 4 000, −10 % = −400 (the engine's, before what is given by hand);
    // then −100 by hand: 3 500.
    expect(edited.body).toMatchObject({
      lineDiscountTotal: 2100,
      total: 3500,
      discountCodes: ['BIENVENUE10'],
    });
    expect(edited.body.lines[0].ownDiscount).toBe(100);
    const usage = async (id: string) => (await discountGet(as(fixture), 'get', { id })).body.usage;
    expect(await usage(bxgy)).toEqual({ orders: 1, revenue: 3500, discounted: 2000 });
    expect(await usage(code)).toEqual({ orders: 1, revenue: 3500, discounted: 400 });

    // Codes emptied: the code's use is given back.
    const without = await api.update(as(fixture), made.body.id, {
      lines: [line(bissap.variantId, 3)],
      discountCodes: [],
      orderDiscount: 0,
      deliveryFee: 0,
      deliveryAddress: null,
    });
    expect(without.status).toBe(200);
    expect(without.body).toMatchObject({ total: 2000, discountCodes: [] });
    expect((await usage(code)).orders).toBe(0);
  });
});

describe('pricing data for the order editor and the till', () => {
  it('gives the engine’s discounts by channel, with the limits’ counts and the cap; roles are checked', async () => {
    const { fixture, bxgy, code } = await shopWithDiscounts('Boutique Données prix');
    const caisseOnly = await createDiscount(
      as(fixture),
      welcome({
        name: 'Caisse',
        code: 'CAISSE',
        conditions: { channels: ['pos'] },
        limits: { totalUses: 5 },
      }),
    );
    const manual = await discountGet(as(fixture, 'seller'), 'pricing', { channel: 'manual' });
    expect(manual.status, JSON.stringify(manual.body)).toBe(200);
    expect(manual.body.discounts.map((d: { id: string }) => d.id).sort()).toEqual([bxgy, code].sort());
    expect(manual.body).toMatchObject({ currency: 'XOF', stackCapPercent: 100, client: null });

    const till = await discountGet(as(fixture, 'cashier'), 'pricing', { channel: 'pos' });
    expect(till.status).toBe(200);
    expect(till.body.discounts.map((d: { id: string }) => d.id)).toContain(caisseOnly);
    expect(till.body.usage[caisseOnly]).toMatchObject({ total: 0 });

    expect((await discountGet(as(fixture, 'cashier'), 'pricing', { channel: 'manual' })).status).toBe(403);
    expect((await discountGet(as(fixture, 'inventory-manager'), 'pricing', { channel: 'pos' })).status).toBe(
      403,
    );
    const stranger = await createShopFixture(bed.database.db, 'Boutique Étrangère');
    expect(
      (
        await discountGet({ token: stranger.members.admin.token, shopId: fixture.shop.id }, 'pricing', {
          channel: 'pos',
        })
      ).status,
      // Not a member: the shop is not found, as on every route.
    ).toBe(404);
  });

  it('the shop cap: admin only, 0 < cap ≤ 100, and it moves the revision', async () => {
    const { fixture } = await shopWithDiscounts('Boutique Plafond');
    const before = (await discountGet(as(fixture), 'pricing', { channel: 'manual' })).body.revision;
    const refusals: Array<[unknown, string]> = [
      [0, 'Le plafond doit être supérieur à 0 %.'],
      [120, 'Le plafond ne peut pas dépasser 100 %.'],
      [12.345, 'Deux décimales au plus.'],
      [-5, 'Le plafond doit être supérieur à 0 %.'],
      ['30', 'Indiquez un pourcentage.'],
    ];
    for (const [bad, message] of refusals) {
      const answer = await discountCall(as(fixture), 'settings', { stackCapPercent: bad });
      expect(answer.status, String(bad)).toBe(422);
      expect(answer.body.error.details.stackCapPercent, String(bad)).toBe(message);
    }
    expect((await discountCall(as(fixture, 'seller'), 'settings', { stackCapPercent: 30 })).status).toBe(403);
    expect((await discountCall(as(fixture), 'settings', { stackCapPercent: 30 })).body).toEqual({
      stackCapPercent: 30,
    });
    const after = (await discountGet(as(fixture), 'pricing', { channel: 'manual' })).body;
    expect(after.stackCapPercent).toBe(30);
    expect(after.revision).toBeGreaterThan(before);
    expect((await discountGet(as(fixture), 'list')).body.stackCapPercent).toBe(30);
  });
});

describe('promotions of a till’s sale made offline', () => {
  async function tillShop(name: string) {
    const made = await shopWithDiscounts(name);
    const tillId = await firstTill(bed, as(made.fixture));
    const open = ops.open(tillId, 10_000);
    await syncOk(bed, as(made.fixture, 'cashier'), tillId, [open]);
    return { ...made, tillId, sessionId: open.sessionId };
  }

  /** What the till's engine gave for 3 Bissap with BIENVENUE10, then its rounding. */
  const promotedSale = (sessionId: string, variantId: string, bxgy: string, code: string) => {
    const sale = ops.sale(sessionId, [{ variantId, quantity: 3, unitPrice: 1505 }], {
      promotions: {
        codes: ['BIENVENUE10'],
        adjustments: [
          {
            discountId: bxgy,
            code: null,
            type: 'product',
            amount: 1505,
            lines: [{ index: 0, amount: 1505 }],
          },
          {
            discountId: code,
            code: 'BIENVENUE10',
            type: 'order',
            amount: 301,
            lines: [{ index: 0, amount: 301 }],
            why: 'Bienvenue (BIENVENUE10) : −10 % sur la commande',
          },
          { discountId: null, code: null, type: 'rounding', amount: 4, lines: [] },
        ],
      },
    });
    return { ...sale, payments: [{ method: 'cash', amount: 2705 }] };
  };

  it('keeps what the till showed, counts each use once however often the op is sent, flags a use past the limit', async () => {
    const { fixture, tillId, sessionId, bissap, bxgy, code } = await tillShop('Boutique Caisse remises');
    await discountCall(as(fixture), 'update', { id: code, ...welcome({ limits: { totalUses: 1 } }) });
    const first = promotedSale(sessionId, bissap.variantId, bxgy, code);
    const [sold] = await syncOk(bed, as(fixture, 'cashier'), tillId, [first]);
    const order = (await api.get(as(fixture), sold.orderId)).body;
    expect(order).toMatchObject({
      total: 2705,
      lineDiscountTotal: 1505,
      orderDiscount: 305,
      discountCodes: ['BIENVENUE10'],
    });
    expect(order.adjustments.map((a: { name: string }) => a.name)).toEqual([
      '3 pour 2',
      'Bienvenue',
      'Arrondi',
    ]);

    // The tablet did not hear back and sends it again: one order, one use.
    const [resent] = (await pos.sync(as(fixture, 'cashier'), tillId, [first])).body.results;
    expect(resent).toMatchObject({ status: 'duplicate', orderId: sold.orderId });
    expect(await usesOf(fixture.shop.id)).toHaveLength(2);

    // Offline, the till could not know the code's only use was taken: the sale stands, flagged.
    const second = promotedSale(sessionId, bissap.variantId, bxgy, code);
    const [again] = await syncOk(bed, as(fixture, 'cashier'), tillId, [second]);
    expect(again.status).toBe('applied');
    const conflicts = await discountGet(as(fixture, 'supervisor'), 'conflicts');
    expect(conflicts.status).toBe(200);
    expect(conflicts.body.items).toHaveLength(1);
    expect(conflicts.body.items[0]).toMatchObject({
      discountId: code,
      discountName: 'Bienvenue',
      code: 'BIENVENUE10',
      limit: 'total',
      orderId: again.orderId,
      amount: 301,
      soldBy: { name: expect.stringContaining('cashier') },
    });
    expect((await discountGet(as(fixture), 'get', { id: code })).body.usage.orders).toBe(2);
    expect((await discountGet(as(fixture, 'cashier'), 'conflicts')).status).toBe(403);

    const conflictId = conflicts.body.items[0].id;
    const empty = await discountCall(as(fixture, 'supervisor'), 'resolveConflict', {
      conflictId,
      resolution: ' ',
    });
    expect(empty.status).toBe(422);
    expect(empty.body.error.details.resolution).toBeTruthy();
    expect(
      (
        await discountCall(as(fixture, 'supervisor'), 'resolveConflict', {
          conflictId,
          resolution: 'Accepté, client fidèle',
        })
      ).status,
    ).toBe(200);
    expect((await discountGet(as(fixture, 'supervisor'), 'conflicts')).body.items).toHaveLength(0);
    expect(
      (await discountGet(as(fixture, 'supervisor'), 'conflicts', { status: 'resolved' })).body.items[0],
    ).toMatchObject({
      resolution: 'Accepté, client fidèle',
      resolvedBy: { name: expect.stringContaining('supervisor') },
    });
  });

  it('refuses promotions that are not the shop’s or do not land on the sale, naming the field', async () => {
    const { fixture, tillId, sessionId, bissap, bxgy, code } = await tillShop('Boutique Caisse refus');
    const other = await tillShop('Boutique Caisse autre');
    const sale = (adjustments: Array<Record<string, unknown>>, paid: number) => ({
      ...ops.sale(sessionId, [{ variantId: bissap.variantId, quantity: 3, unitPrice: 1505 }], {
        promotions: { codes: [], adjustments },
      }),
      payments: [{ method: 'cash', amount: paid }],
    });
    const cases: Array<[Record<string, unknown>[], number, string]> = [
      [
        [{ discountId: other.bxgy, type: 'product', amount: 1505, lines: [{ index: 0, amount: 1505 }] }],
        3010,
        'promotions.adjustments.0.discountId',
      ],
      [
        [{ discountId: bxgy, type: 'product', amount: 1505, lines: [{ index: 3, amount: 1505 }] }],
        3010,
        'promotions.adjustments.0.lines',
      ],
      [
        [{ discountId: bxgy, type: 'product', amount: 1505, lines: [{ index: 0, amount: 1000 }] }],
        3010,
        'promotions.adjustments.0.amount',
      ],
      [
        [{ discountId: null, type: 'rounding', amount: 15, lines: [] }],
        4500,
        'promotions.adjustments.0.amount',
      ],
      [[{ discountId: code, type: 'order', amount: 9000, lines: [] }], 1, 'promotions'],
    ];
    for (const [adjustments, paid, field] of cases) {
      const answer = await pos.sync(as(fixture, 'cashier'), tillId, [sale(adjustments, paid)]);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const [result] = answer.body.results;
      expect(result.status, field).toBe('rejected');
      expect(Object.keys(result.error.details ?? {}), field).toContain(field);
    }
    expect(await usesOf(fixture.shop.id)).toHaveLength(0);
  });
});
