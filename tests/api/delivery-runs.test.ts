import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/shared/money';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture, type ShopFixture } from '../helpers/fixtures';
import { deliveryCalls } from '../helpers/delivery';
import { as, createOrderOk, line, orderCalls, sellable, variantStock, type Actor } from '../helpers/orders';
import { publicPages, textOf } from '../helpers/rider-page';

/* A rider's link and what they report, the customer's tracking page, and the cash ledger. */

const bed = setupApiTestbed();
const { get, post } = deliveryCalls(bed);
const orders = orderCalls(bed);
const pages = publicPages(bed);
const money = (n: number) => textOf(formatMoney(n));

let riderPhone = 0;
const rider = (name: string) => ({
  name,
  phone: `77300${String(riderPhone++).padStart(4, '0')}`,
  vehicle: 'moto',
  kind: 'staff',
});

async function shopWithKit(fixture: ShopFixture) {
  const a = as(fixture);
  const kit = await sellable(bed, a, 'Kit thé', 4_000, { stock: 100 });
  return { a, kit };
}

/** An order of two kits with 1 000 of delivery (9 000 in all) to a client with a phone, out with the rider. */
async function orderOut(a: Actor, variantId: string, riderId: string) {
  const order = await createOrderOk(bed, a, {
    newClient: { name: 'Awa Diop', phone: '77 111 22 33' },
    lines: [line(variantId, 2)],
    deliveryFee: 1_000,
    deliveryAddress: {
      quartier: 'Ngor',
      commune: 'Ngor',
      ville: 'Dakar',
      indications: 'Derrière la pharmacie',
    },
  });
  const handed = await post(a, 'assign', { orderId: order.id, riderId });
  expect(handed.status, JSON.stringify(handed.body)).toBe(200);
  return { order, delivery: handed.body };
}

async function linkOf(a: Actor, riderId: string): Promise<string> {
  const made = await post(a, 'createRiderLink', { riderId });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.url;
}

describe('the rider’s link', () => {
  it('lists their deliveries; « Livrée » needs the customer’s code and what was collected, then the order is delivered and paid', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Lien Livreur');
    const { a, kit } = await shopWithKit(fixture);
    const moussa = (await post(a, 'createRider', rider('Moussa Ndiaye'))).body;
    const { order, delivery } = await orderOut(a, kit.variantId, moussa.id);
    expect(delivery).toMatchObject({
      amountDue: 9_000,
      trackingSms: 'sent',
      proofCode: expect.stringMatching(/^\d{4}$/),
    });
    expect(delivery.trackingUrl).toMatch(/\/suivi\/[\w-]+$/);
    const url = await linkOf(a, moussa.id);
    expect(url).toMatch(/\/livreur\/[\w-]+$/);

    const page = await pages.open(url);
    expect(page.status).toBe(200);
    expect(page.html).not.toMatch(/<script/i);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const text = textOf(page.html);
    expect(text).toContain('Bonjour Moussa');
    expect(text).toContain(`Commande #${order.number} · Awa Diop`);
    expect(text).toContain(`À encaisser : ${money(9_000)}`);
    expect(text).toContain('Ngor, Ngor, Dakar');
    expect(text).toContain('Derrière la pharmacie');
    expect(page.html).toContain('href="tel:+221771112233"');

    const base = { outcome: 'delivered', amount: '9000', method: 'cash', reason: '' };
    const refusals: Array<[Record<string, string>, string]> = [
      [{ ...base, code: '' }, 'Demandez au client le code reçu par SMS et saisissez-le.'],
      [{ ...base, code: '0000' }, 'Ce code ne correspond pas : vérifiez-le avec le client.'],
      [
        { ...base, code: delivery.proofCode, amount: '10 000' },
        `Le montant encaissé dépasse le montant à encaisser (${money(9_000)}) : indiquez pourquoi dans « Motif ».`,
      ],
      [
        { ...base, code: delivery.proofCode, amount: 'neuf mille' },
        'Indiquez le montant encaissé en chiffres (0 si rien).',
      ],
      [
        { ...base, code: delivery.proofCode, outcome: 'perdue' },
        'Choisissez Livrée, Refusée, Absent ou Reportée.',
      ],
    ];
    for (const [fields, error] of refusals) {
      const refused = await pages.report(url, delivery.id, fields);
      expect(refused.status, JSON.stringify(fields)).toBe(422);
      expect(textOf(refused.html)).toContain(error);
    }
    expect((await orders.get(a, order.id)).body).toMatchObject({
      fulfilmentStatus: 'shipping',
      paidAmount: 0,
    });

    const done = await pages.report(url, delivery.id, { ...base, code: delivery.proofCode });
    expect(done.status).toBe(303);
    expect(done.location).toBe(`${new URL(url).pathname}?fait=${delivery.id}`);
    const after = (await orders.get(a, order.id)).body;
    expect(after).toMatchObject({ fulfilmentStatus: 'delivered', paidAmount: 9_000, paymentStatus: 'paid' });
    expect(
      after.timeline
        .map((e: { type: string; data: Record<string, unknown> }) => e.data)
        .filter((d: Record<string, unknown>) => d.outcome),
    ).toEqual([{ rider: 'Moussa Ndiaye', outcome: 'delivered', collected: 9_000, method: 'cash' }]);
    expect((await get(a, 'orderDelivery', { orderId: order.id })).body.delivery).toMatchObject({
      status: 'delivered',
      collectedAmount: 9_000,
      collectedMethod: 'cash',
    });
    const thanked = textOf((await pages.open(`${url}?fait=${delivery.id}`)).html);
    expect(thanked).toContain(`Commande #${order.number} : Livrée. Merci !`);
    expect(thanked).toContain(`Espèces à remettre à la boutique : ${money(9_000)}`);
    expect(thanked).toContain('Aucune livraison en cours.');
    // Closed: reporting it again changes nothing.
    const again = await pages.report(url, delivery.id, { ...base, code: delivery.proofCode });
    expect(again.status).toBe(422);
    expect(textOf(again.html)).toContain('Aucune livraison en cours.');
  });

  it('reaches only that rider’s current deliveries, and stops when revoked, replaced or the rider made inactive', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Lien Portée');
    const { a, kit } = await shopWithKit(fixture);
    const moussa = (await post(a, 'createRider', rider('Moussa Ndiaye'))).body;
    const aliou = (await post(a, 'createRider', rider('Aliou Ba'))).body;
    const { order, delivery } = await orderOut(a, kit.variantId, moussa.id);
    const aliouUrl = await linkOf(a, aliou.id);
    expect(textOf((await pages.open(aliouUrl)).html)).not.toContain(`#${order.number}`);
    const stolen = await pages.report(aliouUrl, delivery.id, {
      outcome: 'delivered',
      code: delivery.proofCode,
      amount: '9000',
      method: 'cash',
    });
    expect(stolen.status).toBe(404);
    expect((await orders.get(a, order.id)).body.fulfilmentStatus).toBe('shipping');

    const first = await linkOf(a, moussa.id);
    const second = await linkOf(a, moussa.id);
    const replaced = await pages.open(first);
    expect(replaced.status).toBe(410);
    expect(textOf(replaced.html)).toContain('Ce lien n’est plus valable');
    expect((await pages.open(second)).status).toBe(200);
    expect((await get(a, 'riderLink', { riderId: moussa.id })).body.url).toBe(second);
    expect((await post(a, 'revokeRiderLink', { riderId: moussa.id })).status).toBe(200);
    expect((await pages.open(second)).status).toBe(410);
    expect((await pages.report(second, delivery.id, { outcome: 'absent' })).status).toBe(410);
    expect((await get(a, 'riderLink', { riderId: moussa.id })).body).toEqual({ url: null, createdAt: null });

    await post(a, 'updateRider', { ...rider('Aliou Ba'), phone: aliou.phone, id: aliou.id, isActive: false });
    expect((await pages.open(aliouUrl)).status).toBe(410);
    expect((await post(a, 'createRiderLink', { riderId: aliou.id })).status).toBe(422);
    expect((await pages.open('/livreur/nimportequoi-123')).status).toBe(410);

    // The managers only: the link is the rider's key.
    for (const role of ['cashier', 'inventory-manager'] as const) {
      expect((await get(as(fixture, role), 'riderLink', { riderId: moussa.id })).status).toBe(403);
      expect((await post(as(fixture, role), 'createRiderLink', { riderId: moussa.id })).status).toBe(403);
    }
    const other = await createShopFixture(bed.database.db, 'Autre Boutique Lien');
    expect((await post(as(other), 'createRiderLink', { riderId: moussa.id })).status).toBe(404);
  });

  it('a refusal needs its reason; the order stays out, to be handed out again or returned with its stock', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Échecs');
    const { a, kit } = await shopWithKit(fixture);
    const moussa = (await post(a, 'createRider', rider('Moussa Ndiaye'))).body;
    const { order, delivery } = await orderOut(a, kit.variantId, moussa.id);
    const url = await linkOf(a, moussa.id);
    const noReason = await pages.report(url, delivery.id, { outcome: 'refused', reason: ' ' });
    expect(noReason.status).toBe(422);
    expect(textOf(noReason.html)).toContain('Indiquez pourquoi le client a refusé la commande.');
    expect(
      (await pages.report(url, delivery.id, { outcome: 'refused', reason: 'Taille trop petite' })).status,
    ).toBe(303);
    expect((await orders.get(a, order.id)).body.fulfilmentStatus).toBe('shipping');
    expect((await get(a, 'orderDelivery', { orderId: order.id })).body.delivery).toMatchObject({
      status: 'refused',
      reason: 'Taille trop petite',
      collectedAmount: null,
    });

    // Planned again: a new delivery, a new code, a new SMS.
    const again = await post(a, 'assign', { orderId: order.id, riderId: moussa.id });
    expect(again.body).toMatchObject({ status: 'assigned', trackingSms: 'sent' });
    expect(again.body.id).not.toBe(delivery.id);
    // The agent reports for the rider who called: no code asked of them.
    const postponed = await post(a, 'report', {
      deliveryId: again.body.id,
      outcome: 'postponed',
      reason: '',
    });
    expect(postponed.status).toBe(422);
    expect(postponed.body.error.details).toEqual({
      reason: 'Indiquez pourquoi la livraison est reportée, et à quand.',
    });
    expect(
      (
        await post(a, 'report', {
          deliveryId: again.body.id,
          outcome: 'postponed',
          reason: 'Client en voyage, lundi',
        })
      ).status,
    ).toBe(200);
    expect(await variantStock(bed, kit.variantId)).toBe(98);
    expect((await orders.changeStatus(a, order.id, 'returned')).status).toBe(200);
    expect(await variantStock(bed, kit.variantId)).toBe(100);
    for (const role of ['cashier', 'inventory-manager'] as const)
      expect(
        (await post(as(fixture, role), 'report', { deliveryId: again.body.id, outcome: 'absent' })).status,
      ).toBe(403);
  });

  it('an order the shop marks delivered or returned itself closes its rider’s delivery', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Clôture Manuelle');
    const { a, kit } = await shopWithKit(fixture);
    const moussa = (await post(a, 'createRider', rider('Moussa Ndiaye'))).body;
    const url = await linkOf(a, moussa.id);
    const delivered = await orderOut(a, kit.variantId, moussa.id);
    const returned = await orderOut(a, kit.variantId, moussa.id);
    expect((await orders.changeStatus(a, delivered.order.id, 'delivered')).status).toBe(200);
    expect((await orders.changeStatus(a, returned.order.id, 'returned')).status).toBe(200);
    expect((await get(a, 'orderDelivery', { orderId: delivered.order.id })).body.delivery).toMatchObject({
      status: 'delivered',
      collectedAmount: null,
      reason: 'Marquée livrée par la boutique',
    });
    expect((await get(a, 'orderDelivery', { orderId: returned.order.id })).body.delivery).toMatchObject({
      status: 'refused',
      reason: 'Retournée à la boutique',
    });
    expect(textOf((await pages.open(url)).html)).toContain('Aucune livraison en cours.');
    const cash = (await get(a, 'cash')).body.items.find(
      (c: { rider: { id: string } }) => c.rider.id === moussa.id,
    );
    expect(cash).toMatchObject({ owed: 0, openDeliveries: 0 });
  });

  it('the customer’s tracking page shows the rider’s first name, phone and the code while out', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Suivi');
    const { a, kit } = await shopWithKit(fixture);
    const moussa = (await post(a, 'createRider', rider('Moussa Ndiaye'))).body;
    const { order, delivery } = await orderOut(a, kit.variantId, moussa.id);
    const tracking = await pages.open(delivery.trackingUrl);
    expect(tracking.status).toBe(200);
    const text = textOf(tracking.html);
    expect(text).toContain(`Commande #${order.number}`);
    expect(text).toContain('Votre commande est en route.');
    expect(text).toContain('Votre livreur : Moussa');
    expect(text).not.toContain('Ndiaye');
    expect(text).toContain(delivery.proofCode);
    expect(text).toContain(`À payer à la livraison : ${money(9_000)}`);
    expect((await pages.open('/suivi/inconnu-0000000')).status).toBe(404);

    await post(a, 'report', { deliveryId: delivery.id, outcome: 'delivered' });
    const delivered = textOf((await pages.open(delivery.trackingUrl)).html);
    expect(delivered).toContain('Votre commande a été livrée.');
    expect(delivered).not.toContain(delivery.proofCode);
  });
});

describe('the « À livrer » board', () => {
  it('groups each stage’s orders by zone, hands several out at once, and reports the ones that cannot go', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Tableau');
    const { a, kit } = await shopWithKit(fixture);
    await post(a, 'createZone', { name: 'Ngor', fee: 1_000, areas: [{ commune: 'Ngor' }] });
    await post(a, 'createZone', {
      name: 'Almadies',
      fee: 2_000,
      areas: [{ commune: 'Ngor', quartier: 'Almadies' }],
    });
    const moussa = (await post(a, 'createRider', rider('Moussa Ndiaye'))).body;
    const place = (quartier: string, commune: string) =>
      createOrderOk(bed, a, {
        lines: [line(kit.variantId, 1)],
        deliveryAddress: { quartier, commune, ville: 'Dakar', indications: '' },
      });
    const village = await place('Village', 'Ngor');
    const almadies = await place('Almadies', 'NGOR');
    const away = await place('Centre', 'Rufisque');
    const cancelled = await place('Village', 'Ngor');
    // Without an address: never on the board, even out for delivery by hand.
    const unaddressed = await createOrderOk(bed, a, { lines: [line(kit.variantId, 1)] });
    expect((await orders.changeStatus(a, unaddressed.id, 'shipping')).status).toBe(200);

    const board = (stage?: string) => get(as(fixture, 'cashier'), 'board', stage ? { stage } : {});
    const toSend = (await board()).body;
    expect(toSend.counts).toEqual({ to_send: 4, out: 0, to_replan: 0 });
    expect(
      toSend.groups.map((g: { zone: { name: string } | null; orders: Array<{ number: number }> }) => [
        g.zone?.name ?? null,
        g.orders.map((o) => o.number),
      ]),
    ).toEqual([
      ['Ngor', [village.number, cancelled.number]],
      ['Almadies', [almadies.number]],
      [null, [away.number]],
    ]);
    expect((await board('perdu')).status).toBe(422);

    expect((await orders.changeStatus(a, cancelled.id, 'cancelled')).status).toBe(200);
    const many = await post(a, 'assignMany', {
      riderId: moussa.id,
      orderIds: [village.id, almadies.id, cancelled.id],
    });
    expect(many.status).toBe(200);
    expect(many.body.results).toEqual([
      { orderId: village.id, number: village.number, isDone: true, error: null },
      { orderId: almadies.id, number: almadies.number, isDone: true, error: null },
      {
        orderId: cancelled.id,
        number: cancelled.number,
        isDone: false,
        error: 'Une commande «\u00a0Annulée\u00a0» ne peut pas passer à «\u00a0En livraison\u00a0».',
      },
    ]);
    const out = (await board('out')).body;
    expect(out.counts).toEqual({ to_send: 1, out: 2, to_replan: 0 });
    expect(out.riders).toEqual([{ id: moussa.id, name: 'Moussa Ndiaye', out: 2 }]);
    expect(
      out.groups.flatMap((g: { orders: Array<{ rider: { name: string } }> }) =>
        g.orders.map((o) => o.rider.name),
      ),
    ).toEqual(['Moussa Ndiaye', 'Moussa Ndiaye']);
    const sheet = (await get(a, 'runSheet', { riderId: moussa.id })).body;
    expect(sheet.items.map((i: { number: number; zone: string }) => [i.number, i.zone])).toEqual([
      [almadies.number, 'Almadies'],
      [village.number, 'Ngor'],
    ]);

    const [first] = (await board('out')).body.groups[0].orders;
    const openOne = await get(a, 'orderDelivery', { orderId: first.id });
    await post(a, 'report', { deliveryId: openOne.body.delivery.id, outcome: 'absent' });
    const replan = (await board('to_replan')).body;
    expect(replan.counts).toEqual({ to_send: 1, out: 1, to_replan: 1 });
    expect(replan.groups[0].orders[0]).toMatchObject({ id: first.id, failure: { status: 'absent' } });

    const figures = (await get(a, 'figures', { days: 7 })).body;
    expect(figures.riders[0]).toMatchObject({
      label: 'Moussa Ndiaye',
      attempts: 1,
      absent: 1,
      successRate: 0,
      owed: 0,
    });
    expect((await get(a, 'figures', { days: 12 })).status).toBe(422);

    for (const role of ['cashier', 'inventory-manager'] as const)
      expect(
        (await post(as(fixture, role), 'assignMany', { riderId: moussa.id, orderIds: [away.id] })).status,
      ).toBe(403);
    expect((await post(a, 'assignMany', { riderId: moussa.id, orderIds: [] })).status).toBe(422);
  });
});

describe('the cash-on-delivery ledger', () => {
  const remitCodeOn = (html: string) => /class="code">(\d{4})</.exec(html)?.[1] ?? '';

  it('takes remittances up to what is owed, confirmed by the rider’s code; the day closes with its difference flagged', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Caisse Livreurs');
    const { a, kit } = await shopWithKit(fixture);
    const moussa = (await post(a, 'createRider', rider('Moussa Ndiaye'))).body;
    const url = await linkOf(a, moussa.id);
    const cash = await orderOut(a, kit.variantId, moussa.id);
    const wave = await orderOut(a, kit.variantId, moussa.id);
    await post(a, 'report', {
      deliveryId: cash.delivery.id,
      outcome: 'delivered',
      amount: 9_000,
      method: 'cash',
    });
    await post(a, 'report', {
      deliveryId: wave.delivery.id,
      outcome: 'delivered',
      amount: 9_000,
      method: 'wave',
    });
    const summary = (await get(a, 'cash')).body.items.find(
      (c: { rider: { id: string } }) => c.rider.id === moussa.id,
    );
    expect(summary).toMatchObject({
      owed: 9_000,
      openDeliveries: 0,
      today: {
        cashCollected: 9_000,
        mobileCollected: 9_000,
        remitted: 0,
        delivered: 2,
        failed: 0,
        closedOutstanding: null,
      },
    });

    const code = remitCodeOn((await pages.open(url)).html);
    expect(code).toMatch(/^\d{4}$/);
    const over = await post(a, 'recordRemittance', { riderId: moussa.id, amount: 10_000, code });
    expect(over.status).toBe(422);
    expect(over.body.error.details.amount).toBe(
      `Moussa Ndiaye ne doit que ${formatMoney(9_000)}\u00a0: la remise ne peut pas dépasser ce montant.`,
    );
    const wrong = await post(a, 'recordRemittance', {
      riderId: moussa.id,
      amount: 6_000,
      code: code === '1111' ? '2222' : '1111',
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.error.details)).toEqual(['code']);
    expect(
      (await post(as(fixture, 'cashier'), 'recordRemittance', { riderId: moussa.id, amount: 6_000 })).status,
    ).toBe(403);
    const other = await createShopFixture(bed.database.db, 'Autre Boutique Caisse');
    expect((await post(as(other), 'recordRemittance', { riderId: moussa.id, amount: 6_000 })).status).toBe(
      404,
    );
    expect((await get(a, 'riderLedger', { riderId: moussa.id })).body.owed).toBe(9_000);

    const remitted = await post(a, 'recordRemittance', { riderId: moussa.id, amount: 6_000, code });
    expect(remitted.body).toMatchObject({ amount: 6_000, isConfirmed: true, owed: 3_000 });
    expect(remitCodeOn((await pages.open(url)).html)).not.toBe(code);

    // Statistiques' « Trésorerie » counts the cash the riders hold.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Dakar' }).format(new Date());
    const treasury = await bed.server.call(
      'GET',
      `/api/stats/report?${new URLSearchParams({ shopId: fixture.shop.id, report: 'treasury', from: day, to: day, compare: 'none' })}`,
      { token: a.token },
    );
    expect(treasury.body.heldByRiders).toBe(3_000);
    const closed = await post(a, 'closeDay', { riderId: moussa.id });
    expect(closed.body).toMatchObject({
      cashCollected: 9_000,
      mobileCollected: 9_000,
      remitted: 6_000,
      outstanding: 3_000,
    });
    const home = await bed.server.call('GET', `/api/home/summary?shopId=${fixture.shop.id}`, {
      token: as(fixture, 'seller').token,
    });
    expect(home.body.cashDiscrepancies).toEqual([
      { riderId: moussa.id, name: 'Moussa Ndiaye', outstanding: 3_000 },
    ]);
    const cashierHome = await bed.server.call('GET', `/api/home/summary?shopId=${fixture.shop.id}`, {
      token: as(fixture, 'cashier').token,
    });
    expect(cashierHome.body.cashDiscrepancies).toEqual([]);
    const bell = await bed.server.call('GET', `/api/notification/getByShop/${fixture.shop.id}`, {
      token: as(fixture, 'supervisor').token,
    });
    expect(JSON.stringify(bell.body)).toContain('Écart de caisse\u00a0: Moussa Ndiaye');

    const rest = await post(a, 'recordRemittance', {
      riderId: moussa.id,
      amount: 3_000,
      code: '',
      note: 'Au marché',
    });
    expect(rest.body).toMatchObject({ isConfirmed: false, owed: 0 });
    expect((await post(a, 'closeDay', { riderId: moussa.id })).body.outstanding).toBe(0);
    expect(
      (await bed.server.call('GET', `/api/home/summary?shopId=${fixture.shop.id}`, { token: a.token })).body
        .cashDiscrepancies,
    ).toEqual([]);
    const ledger = (await get(a, 'riderLedger', { riderId: moussa.id })).body;
    expect(ledger.owed).toBe(0);
    expect(ledger.days).toHaveLength(1);
    expect(ledger.days[0]).toMatchObject({
      cashCollected: 9_000,
      mobileCollected: 9_000,
      remitted: 9_000,
      owedAtEnd: 0,
      closedOutstanding: 0,
    });
  });

  it('adds up after any mix of collections, refusals and remittances (property)', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Caisse Propriété');
    const { a, kit } = await shopWithKit(fixture);
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('deliver' as const),
        amount: fc.integer({ min: 0, max: 20_000 }),
        method: fc.constantFrom('cash', 'cash', 'orange_money', 'wave'),
      }),
      fc.record({
        kind: fc.constant('fail' as const),
        outcome: fc.constantFrom('refused', 'absent', 'postponed'),
      }),
      fc.record({ kind: fc.constant('remit' as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 7 }), async (ops) => {
        const who = (await post(a, 'createRider', rider(`Livreur ${riderPhone}`))).body;
        let owed = 0;
        let mobile = 0;
        for (const o of ops) {
          if (o.kind === 'remit') {
            const amount = Math.floor(owed * o.share);
            if (amount === 0) continue;
            const answer = await post(a, 'recordRemittance', { riderId: who.id, amount });
            expect(answer.status).toBe(200);
            owed -= amount;
            continue;
          }
          const { order, delivery } = await orderOut(a, kit.variantId, who.id);
          const report =
            o.kind === 'deliver'
              ? {
                  outcome: 'delivered',
                  amount: o.amount,
                  method: o.method,
                  reason: o.amount === 9_000 ? '' : 'Arrangement',
                }
              : { outcome: o.outcome, reason: 'Pas là' };
          expect((await post(a, 'report', { deliveryId: delivery.id, ...report })).status).toBe(200);
          const paid = (await orders.get(a, order.id)).body.paidAmount;
          if (o.kind === 'deliver') {
            if (o.method === 'cash') owed += o.amount;
            else mobile += o.amount;
            expect(paid).toBe(Math.min(9_000, o.amount));
          } else expect(paid).toBe(0);
        }
        const mine = (await get(a, 'cash')).body.items.find(
          (c: { rider: { id: string } }) => c.rider.id === who.id,
        );
        expect(mine.owed).toBe(owed);
        expect(mine.today.mobileCollected).toBe(mobile);
        const ledger = (await get(a, 'riderLedger', { riderId: who.id })).body;
        expect(ledger.owed).toBe(owed);
        const days = ledger.days as Array<{ cashCollected: number; remitted: number; owedAtEnd: number }>;
        expect(days.reduce((sum, d) => sum + d.cashCollected - d.remitted, 0)).toBe(owed);
        if (days.length > 0) expect(days[0]!.owedAtEnd).toBe(owed);
      }),
      { numRuns: 6 },
    );
  });
});
