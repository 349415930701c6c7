import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shops } from '@/server/db/schema/shop';
import { loyaltyEntries, loyaltyPrograms } from '@/server/db/schema/loyalty';
import { expireShopPoints } from '@/features/loyalty/server/expiry';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture, type ShopFixture } from '../helpers/fixtures';
import { as, orderCalls, plain, sellable, type Actor } from '../helpers/orders';
import { firstTill, ops, posCalls, syncOk } from '../helpers/pos';

/*
 * Loyalty (issue CRM): a programme the shop sets, points earned on every channel once an order is
 * paid, spent at the till (offline too: a spend beyond the balance is flagged, never refused) and on
 * orders, one ledger whose sum is the balance, and a replayed op that never credits twice.
 */

const bed = setupApiTestbed();
const api = orderCalls(bed);
const pos = posCalls(bed);
const DAY = 86_400_000;

const post = (a: Actor, path: string, body: Record<string, unknown>) =>
  bed.server.call('POST', `/api/loyalty/${path}`, { token: a.token, body: { shopId: a.shopId, ...body } });
const get = (a: Actor, path: string, query: Record<string, string> = {}) =>
  bed.server.call('GET', `/api/loyalty/${path}?${new URLSearchParams({ shopId: a.shopId, ...query })}`, {
    token: a.token,
  });

const RULES = { pointsPerThousand: 10, pointValue: 5, minRedeem: 100, expiryMonths: 12 };

async function paidShop(name: string, plan = 'starter'): Promise<ShopFixture> {
  const fixture = await createShopFixture(bed.database.db, name);
  await bed.database.db
    .update(shops)
    .set({
      subscriptionPlan: plan,
      shopExpiresAt: plan === 'free' ? null : new Date(Date.now() + 30 * DAY),
      freeTrialExpiresAt: null,
    })
    .where(eq(shops.id, fixture.shop.id));
  return fixture;
}

/** A paid shop with its programme on, a product, a client and an open till session. */
async function loyaltyShop(name: string) {
  const fixture = await paidShop(name);
  const a = as(fixture);
  const saved = await post(a, 'saveProgram', { ...RULES, isEnabled: true });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const pagne = await sellable(bed, a, 'Pagne wax', 6000, { stock: 100 });
  const created = await api.createClient(a, { name: 'Khady Sow', phone: '77 123 45 67' });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const client = created.body.id as string;
  const tillId = await firstTill(bed, a);
  const cashier = as(fixture, 'cashier');
  const open = ops.open(tillId, 0);
  await syncOk(bed, cashier, tillId, [open]);
  const sale = (quantity: number, payments: Array<Record<string, unknown>>, extra = {}) =>
    ops.sale(open.sessionId, [{ variantId: pagne.variantId, quantity, unitPrice: 6000 }], {
      clientId: client,
      payments,
      ...extra,
    });
  return { fixture, a, cashier, pagne, client, tillId, sessionId: open.sessionId, sale };
}

async function pointsOf(a: Actor, clientId: string) {
  const answer = await get(a, 'client', { clientId });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as {
    points: number;
    value: number;
    entries: Array<{
      kind: string;
      points: number;
      orderNumber: number | null;
      missing: number;
      note: string | null;
    }>;
  };
}

/** The ledger's sum, read from the table: it must always be the client's balance. */
async function ledgerSum(shopId: string, clientId: string): Promise<number> {
  const rows = await bed.database.db
    .select({ points: loyaltyEntries.points })
    .from(loyaltyEntries)
    .where(and(eq(loyaltyEntries.shopId, shopId), eq(loyaltyEntries.clientId, clientId)));
  return rows.reduce((n, r) => n + r.points, 0);
}

describe('the programme', () => {
  it('comes switched off with sensible rules, and is saved with French errors naming each bad field', async () => {
    const fixture = await paidShop('Boutique Programme');
    const a = as(fixture);
    expect((await get(a, 'program')).body).toMatchObject({ isEnabled: false, ...RULES, earnsSince: null });

    const bad = await post(a, 'saveProgram', {
      isEnabled: true,
      pointsPerThousand: 0,
      pointValue: 2.5,
      minRedeem: -1,
      expiryMonths: 99,
    });
    expect(bad.status).toBe(422);
    expect(
      Object.fromEntries(Object.entries(bad.body.error.details).map(([k, v]) => [k, plain(v as string)])),
    ).toEqual({
      pointsPerThousand: 'Indiquez les points gagnés pour 1 000 FCFA entre 1 et 1 000.',
      pointValue: 'Indiquez la valeur d’un point en nombre entier.',
      minRedeem: 'Indiquez le minimum de points à utiliser entre 1 et 1 000 000.',
      expiryMonths: 'Indiquez la durée de validité en mois entre 1 et 60.',
    });
    expect((await get(a, 'program')).body.isEnabled).toBe(false);

    const saved = await post(a, 'saveProgram', { ...RULES, expiryMonths: null, isEnabled: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ isEnabled: true, expiryMonths: null });
    expect(saved.body.earnsSince).not.toBeNull();
  });

  it('is switched on by a paying shop’s admin, supervisor or seller only, in their own shop', async () => {
    const fixture = await paidShop('Boutique Droits');
    for (const role of ['cashier', 'inventory-manager'] as const)
      expect((await post(as(fixture, role), 'saveProgram', { ...RULES, isEnabled: true })).status).toBe(403);
    expect((await post(as(fixture, 'seller'), 'saveProgram', { ...RULES, isEnabled: true })).status).toBe(
      200,
    );
    // Another shop's agent names this shop: it does not exist for them.
    const other = { ...as(bed.other), shopId: fixture.shop.id };
    expect((await get(other, 'program')).status).toBe(404);
    expect((await post(other, 'saveProgram', { ...RULES, isEnabled: false })).status).toBe(404);

    const free = await paidShop('Boutique Gratuite', 'free');
    const refused = await post(as(free), 'saveProgram', { ...RULES, isEnabled: true });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('PLAN_REQUIRED');
    expect((await get(as(free), 'program')).body.isEnabled).toBe(false);
  });
});

describe('earning', () => {
  it('earns on a till sale paid in full, from the day the programme is on, and the till’s copy carries the points', async () => {
    const fixture = await paidShop('Boutique Gains');
    const a = as(fixture);
    const pagne = await sellable(bed, a, 'Pagne wax', 6000, { stock: 100 });
    const client = (await api.createClient(a, { name: 'Awa Ndiaye', phone: '77 200 00 01' })).body.id;
    const tillId = await firstTill(bed, a);
    const cashier = as(fixture, 'cashier');
    const open = ops.open(tillId, 0);
    const sell = () =>
      ops.sale(open.sessionId, [{ variantId: pagne.variantId, quantity: 1, unitPrice: 6000 }], {
        clientId: client,
      });
    // Before the programme: nothing, and nothing later for that sale either.
    await syncOk(bed, cashier, tillId, [open, sell()]);
    await post(a, 'saveProgram', { ...RULES, isEnabled: true });
    expect((await pointsOf(a, client)).points).toBe(0);

    await syncOk(bed, cashier, tillId, [sell()]);
    const after = await pointsOf(a, client);
    expect(after.points).toBe(60);
    expect(after.value).toBe(300);
    expect(after.entries).toMatchObject([{ kind: 'earn', points: 60 }]);
    const copy = (await pos.clients(cashier)).body.items.find((c: { id: string }) => c.id === client);
    expect(copy.loyaltyPoints).toBe(60);
    expect((await get(cashier, 'program')).body.isEnabled).toBe(true);
  });

  it('earns on a cash-on-delivery order once it is paid, and gives the points back when it is refunded or cancelled', async () => {
    const { a, client, pagne } = await loyaltyShop('Boutique Livraison');
    const order = await api.create(a, {
      clientId: client,
      channel: 'whatsapp',
      lines: [{ variantId: pagne.variantId, quantity: 2 }],
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect((await pointsOf(a, client)).points).toBe(0);

    expect((await api.addPayment(a, order.body.id, 12_000)).status).toBe(200);
    expect((await pointsOf(a, client)).points).toBe(120);
    // Paying again changes nothing: the points follow the order's state, never add up twice.
    expect((await api.changeStatus(a, order.body.id, 'delivered')).status).toBe(200);
    expect((await pointsOf(a, client)).points).toBe(120);

    expect((await api.refund(a, order.body.id, { amount: 6000 })).status).toBe(200);
    expect((await pointsOf(a, client)).points).toBe(60);
    expect(await ledgerSum(a.shopId, client)).toBe(60);

    const second = await api.create(a, {
      clientId: client,
      channel: 'phone',
      lines: [{ variantId: pagne.variantId, quantity: 1 }],
      payment: { method: 'cash', amount: 6000 },
    });
    expect((await pointsOf(a, client)).points).toBe(120);
    expect((await api.changeStatus(a, second.body.id, 'cancelled')).status).toBe(200);
    expect((await pointsOf(a, client)).points).toBe(60);
    expect(await ledgerSum(a.shopId, client)).toBe(60);
  });
});

describe('spending at the till', () => {
  it('pays part of a sale with points, shows it in the Z report apart from the cash, and earns on the rest only', async () => {
    const { a, cashier, client, tillId, sessionId, sale } = await loyaltyShop('Boutique Dépense');
    await syncOk(bed, cashier, tillId, [sale(5, [{ method: 'cash', amount: 30_000 }])]);
    expect((await pointsOf(a, client)).points).toBe(300);

    const [sold] = await syncOk(bed, cashier, tillId, [
      sale(1, [
        { method: 'loyalty', amount: 1000 },
        { method: 'cash', amount: 5000 },
      ]),
    ]);
    const order = (await api.get(a, sold.orderId)).body;
    expect(order).toMatchObject({ paidAmount: 6000, paymentStatus: 'paid' });
    // 300 − 200 spent + 50 earned on the 5 000 paid in cash.
    const points = await pointsOf(a, client);
    expect(points.points).toBe(150);
    expect(points.entries.slice(0, 2)).toMatchObject([
      { kind: 'earn', points: 50 },
      { kind: 'redeem', points: -200 },
    ]);
    const z = (await pos.zReport(a, sessionId)).body;
    expect(z.byMethod).toEqual(expect.arrayContaining([{ method: 'loyalty', received: 1000, refunded: 0 }]));
    expect(z.expectedCash).toBe(35_000);
  });

  it('never credits nor spends twice when the same sale is synced again (a replay)', async () => {
    const { a, cashier, client, tillId, sale } = await loyaltyShop('Boutique Rejeu');
    await syncOk(bed, cashier, tillId, [sale(5, [{ method: 'cash', amount: 30_000 }])]);
    const op = sale(1, [
      { method: 'loyalty', amount: 500 },
      { method: 'cash', amount: 5500 },
    ]);
    const [first] = await syncOk(bed, cashier, tillId, [op]);
    const again = await pos.sync(cashier, tillId, [op]);
    expect(again.status).toBe(200);
    expect(again.body.results[0]).toMatchObject({ status: 'duplicate', orderId: first.orderId });
    // Twice at once, as two tabs of the same tablet would.
    await Promise.all([pos.sync(cashier, tillId, [op]), pos.sync(cashier, tillId, [op])]);

    const points = await pointsOf(a, client);
    expect(points.points).toBe(300 - 100 + 55);
    expect(points.entries.filter((e) => e.kind === 'redeem')).toHaveLength(1);
    expect(points.entries.filter((e) => e.kind === 'earn')).toHaveLength(2);
    expect(await ledgerSum(a.shopId, client)).toBe(points.points);
  });

  it('keeps a sale made offline with more points than the client held, flags it, and lets a manager settle it', async () => {
    const { a, fixture, cashier, client, tillId, sale } = await loyaltyShop('Boutique Hors Ligne');
    await syncOk(bed, cashier, tillId, [sale(5, [{ method: 'cash', amount: 30_000 }])]);
    // Another till spent 200 points meanwhile; this one still believed in 300.
    await syncOk(bed, cashier, tillId, [
      sale(1, [
        { method: 'loyalty', amount: 1000 },
        { method: 'cash', amount: 5000 },
      ]),
    ]);
    const [offline] = await syncOk(bed, cashier, tillId, [
      sale(1, [
        { method: 'loyalty', amount: 1500 },
        { method: 'cash', amount: 4500 },
      ]),
    ]);

    const order = (await api.get(a, offline.orderId)).body;
    expect(order).toMatchObject({ paidAmount: 6000, paymentStatus: 'paid' });
    expect(
      order.timeline.some((e: { type: string; data: { note?: string } }) =>
        plain(e.data.note ?? '').includes('150 points manquaient'),
      ),
    ).toBe(true);
    // 150 held (after the second sale) + 45: 300 spent, so the balance goes below zero by what was missing.
    expect((await pointsOf(a, client)).points).toBe(150 - 300 + 45);

    expect((await get(cashier, 'conflicts')).status).toBe(403);
    // The programme's figures count it, with the 30 days' moves.
    expect((await get(cashier, 'summary')).body).toMatchObject({
      members: 0,
      outstandingPoints: 0,
      earned30d: 300 + 50 + 45,
      redeemed30d: 200 + 300,
      openConflicts: 1,
    });
    const conflicts = (await get(a, 'conflicts')).body.items;
    expect(conflicts).toMatchObject([
      { orderNumber: order.number, points: 300, missing: 150, amount: 1500, clientName: 'Khady Sow' },
    ]);
    const empty = await post(a, 'resolveConflict', { conflictId: conflicts[0].id, resolution: '  ' });
    expect(empty.status).toBe(422);
    expect(empty.body.error.details.resolution).toBe('Dites ce qui a été fait.');
    const other = { ...as(bed.other), shopId: fixture.shop.id };
    expect(
      (await post(other, 'resolveConflict', { conflictId: conflicts[0].id, resolution: 'x' })).status,
    ).toBe(404);
    expect(
      (await post(a, 'resolveConflict', { conflictId: conflicts[0].id, resolution: 'Client prévenu' }))
        .status,
    ).toBe(200);
    expect((await get(a, 'conflicts')).body.items).toEqual([]);
    expect((await get(a, 'conflicts', { status: 'resolved' })).body.items[0]).toMatchObject({
      resolution: 'Client prévenu',
    });
    expect(
      (await post(a, 'resolveConflict', { conflictId: conflicts[0].id, resolution: 'Encore' })).status,
    ).toBe(409);
  });
});

describe('spending on an order of the back office', () => {
  it('refuses more than the balance or under the minimum, in French on the amount, and changes nothing', async () => {
    const { a, cashier, client, tillId, sale, pagne } = await loyaltyShop('Boutique Commande');
    await syncOk(bed, cashier, tillId, [sale(1, [{ method: 'cash', amount: 6000 }])]);
    const order = await api.create(a, {
      clientId: client,
      channel: 'phone',
      lines: [{ variantId: pagne.variantId, quantity: 1 }],
    });
    expect(order.status).toBe(200);
    // 60 points: under the minimum of 100.
    const under = await api.addPayment(a, order.body.id, 300, 'loyalty');
    expect(under.status).toBe(422);
    expect(plain(under.body.error.details.amount)).toBe(
      'Le client a 60 points : il en faut au moins 100 pour payer avec ses points.',
    );
    await syncOk(bed, cashier, tillId, [sale(4, [{ method: 'cash', amount: 24_000 }])]);
    const over = await api.addPayment(a, order.body.id, 1505, 'loyalty');
    expect(over.status).toBe(422);
    expect(plain(over.body.error.details.amount)).toBe(
      'Les points du client ne couvrent que 1 500 FCFA (300 points).',
    );
    expect((await pointsOf(a, client)).points).toBe(300);
    expect((await api.get(a, order.body.id)).body.paidAmount).toBe(0);

    expect((await api.addPayment(a, order.body.id, 1500, 'loyalty')).status).toBe(200);
    expect((await pointsOf(a, client)).points).toBe(0);
    const twice = await api.addPayment(a, order.body.id, 5, 'loyalty');
    expect(twice.status).toBe(422);
    // Paid in full by cash now: it earns on the 4 500 not paid with points.
    expect((await api.addPayment(a, order.body.id, 4500)).status).toBe(200);
    expect((await pointsOf(a, client)).points).toBe(45);

    // What points paid goes back as points, at the rate they were spent, never more; the points
    // the cash earned stay.
    const tooMuch = await api.refund(a, order.body.id, { amount: 2000, method: 'loyalty' });
    expect(tooMuch.status).toBe(422);
    expect(plain(tooMuch.body.error.details.amount)).toBe(
      'Au plus 1 500 FCFA se rendent en points sur cette commande (ce que les points ont payé).',
    );
    expect((await api.refund(a, order.body.id, { amount: 1000, method: 'loyalty' })).status).toBe(200);
    expect((await pointsOf(a, client)).points).toBe(45 + 200);
    expect((await api.refund(a, order.body.id, { amount: 500, method: 'loyalty' })).status).toBe(200);
    expect((await pointsOf(a, client)).points).toBe(45 + 300);
    const none = await api.refund(a, order.body.id, { amount: 5, method: 'loyalty' });
    expect(none.status).toBe(422);
    // A cash refund of what cash paid takes back what it earned.
    expect((await api.refund(a, order.body.id, { amount: 4500 })).status).toBe(200);
    const after = await pointsOf(a, client);
    expect(after.points).toBe(300);
    expect(after.entries.slice(0, 3).map((e) => e.kind)).toEqual(['earn', 'refund', 'refund']);
    expect(await ledgerSum(a.shopId, client)).toBe(300);
  });
});

describe('corrections, expiry and merges', () => {
  it('corrects by hand with a reason, never below zero', async () => {
    const { a, client } = await loyaltyShop('Boutique Correction');
    const noReason = await post(a, 'adjust', { clientId: client, points: 50, note: '' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.error.details.note).toBe('Dites pourquoi vous corrigez les points.');
    expect(
      (await post(as(bed.awa, 'cashier'), 'adjust', { clientId: client, points: 5, note: 'x' })).status,
    ).toBe(403);
    expect((await post(a, 'adjust', { clientId: client, points: 50, note: 'Geste commercial' })).status).toBe(
      200,
    );
    const below = await post(a, 'adjust', { clientId: client, points: -80, note: 'Erreur' });
    expect(below.status).toBe(422);
    expect(plain(below.body.error.details.points)).toBe(
      'Le client n’a que 50 points : vous pouvez en retirer 50 au plus.',
    );
    expect((await pointsOf(a, client)).entries).toMatchObject([
      { kind: 'adjust', points: 50, note: 'Geste commercial' },
    ]);
  });

  it('expires the points earned longer ago than the programme keeps them and not spent since, oldest first', async () => {
    const { a, cashier, client, tillId, sale } = await loyaltyShop('Boutique Expiration');
    await syncOk(bed, cashier, tillId, [sale(5, [{ method: 'cash', amount: 30_000 }])]);
    await syncOk(bed, cashier, tillId, [
      sale(1, [
        { method: 'loyalty', amount: 500 },
        { method: 'cash', amount: 5500 },
      ]),
    ]);
    await syncOk(bed, cashier, tillId, [sale(2, [{ method: 'cash', amount: 12_000 }])]);
    // 300 earned 13 months ago, 100 spent since; 55 and 120 earned lately.
    const old = new Date(Date.now() - 400 * DAY);
    await bed.database.db
      .update(loyaltyEntries)
      .set({ createdAt: old })
      .where(and(eq(loyaltyEntries.shopId, a.shopId), eq(loyaltyEntries.points, 300)));
    expect((await pointsOf(a, client)).points).toBe(375);

    expect(await expireShopPoints(bed.database.db, a.shopId)).toBe(200);
    expect(await expireShopPoints(bed.database.db, a.shopId)).toBe(0);
    const after = await pointsOf(a, client);
    expect(after.points).toBe(175);
    expect(after.entries[0]).toMatchObject({ kind: 'expire', points: -200 });
    expect(await ledgerSum(a.shopId, client)).toBe(175);

    // A programme without expiry keeps everything.
    await bed.database.db
      .update(loyaltyPrograms)
      .set({ expiryMonths: null })
      .where(eq(loyaltyPrograms.shopId, a.shopId));
    expect(await expireShopPoints(bed.database.db, a.shopId, new Date(Date.now() + 1000 * DAY))).toBe(0);
  });

  it('moves a merged duplicate’s points and ledger to the client kept', async () => {
    const { a, cashier, client, tillId, sale } = await loyaltyShop('Boutique Fusion');
    await syncOk(bed, cashier, tillId, [sale(1, [{ method: 'cash', amount: 6000 }])]);
    const twin = (await api.createClient(a, { name: 'Khady S.', phone: '77 765 43 21' })).body.id;
    expect(
      (await post(a, 'adjust', { clientId: twin, points: 40, note: 'Reprise carte papier' })).status,
    ).toBe(200);
    const merged = await bed.server.call('POST', '/api/client/merge', {
      token: a.token,
      body: { shopId: a.shopId, keepId: client, mergeId: twin },
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const points = await pointsOf(a, client);
    expect(points.points).toBe(100);
    expect(points.entries).toHaveLength(2);
    expect(await ledgerSum(a.shopId, client)).toBe(100);
  });
});
