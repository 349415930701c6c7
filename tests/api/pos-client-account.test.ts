import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients } from '@/server/db/schema/customer';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture } from '../helpers/fixtures';
import { as, orderCalls, ordersOfShop, plain, sellable, variantStock, type Actor } from '../helpers/orders';
import { firstTill, ops, posCalls, syncOk } from '../helpers/pos';

/*
 * A client's account at the till (issue Clients): what they owe, their credit limit and their
 * « avoir » reach the till's copy of the clients, so it judges offline; « avoir » pays a sale and
 * a refund may be given as « avoir ».
 */

const bed = setupApiTestbed();
const api = orderCalls(bed);
const pos = posCalls(bed);

const clientPage = (a: Actor, clientId: string) =>
  bed.server.call('GET', `/api/client/get?shopId=${a.shopId}&clientId=${clientId}`, { token: a.token });

async function tillWithClient(name: string) {
  const fixture = await createShopFixture(bed.database.db, name);
  const a = as(fixture);
  const pagne = await sellable(bed, a, 'Pagne wax', 6000, { stock: 20 });
  const created = await api.createClient(a, { name: 'Khady Sow', phone: '77 123 45 67' });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const client = created.body.id as string;
  const tillId = await firstTill(bed, a);
  const open = ops.open(tillId, 0);
  await syncOk(bed, as(fixture, 'cashier'), tillId, [open]);
  const sell = (quantity: number, extra: Record<string, unknown>) =>
    ops.sale(open.sessionId, [{ variantId: pagne.variantId, quantity, unitPrice: 6000 }], {
      clientId: client,
      ...extra,
    });
  return { fixture, a, pagne, client, tillId, sessionId: open.sessionId, sell };
}

/** Gives the client `amount` of « avoir » the way a shop does: a refund of a paid order as credit. */
async function giveStoreCredit(a: Actor, clientId: string, variantId: string, amount: number) {
  const order = await api.create(a, {
    clientId,
    channel: 'whatsapp',
    lines: [{ variantId, quantity: 2 }],
    payment: { method: 'cash', amount: 12_000 },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const refund = await api.refund(a, order.body.id, { amount, method: 'store_credit' });
  expect(refund.status, JSON.stringify(refund.body)).toBe(200);
}

describe('the till’s copy of the clients', () => {
  it('carries each client’s balance, credit limit and « avoir », and follows them as they move', async () => {
    const { fixture, a, client, pagne, tillId, sell } = await tillWithClient('Boutique Copie');
    const cashier = as(fixture, 'cashier');
    const first = (await pos.clients(cashier)).body;
    // Nothing owed, no limit, no « avoir »: the fields are left out.
    expect(first.items.find((c: { id: string }) => c.id === client)).toEqual({
      id: client,
      name: 'Khady Sow',
      phone: '+221771234567',
    });

    await bed.server.call('POST', '/api/client/update', {
      token: a.token,
      body: { shopId: a.shopId, clientId: client, creditLimit: 50_000 },
    });
    await syncOk(bed, cashier, tillId, [sell(1, { payments: [], isCredit: true })]);
    await giveStoreCredit(a, client, pagne.variantId, 2500);
    const next = (await pos.clients(cashier, { since: first.cursor })).body;
    expect(next.items.find((c: { id: string }) => c.id === client)).toEqual({
      id: client,
      name: 'Khady Sow',
      phone: '+221771234567',
      balance: 6000,
      creditLimit: 50_000,
      storeCredit: 2500,
    });
  });

  it('sees a client again when their balance or avoir moves, not when a paid sale only adds to their figures', async () => {
    const { fixture, a, client, pagne, tillId, sell } = await tillWithClient('Boutique Suivi');
    const cashier = as(fixture, 'cashier');
    /** Whether the till's next read (the client's row made old first) brings the client back. */
    async function seenAfter(change: () => Promise<unknown>): Promise<boolean> {
      await bed.database.db
        .update(clients)
        .set({ updatedAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(clients.id, client));
      const since = `${(Date.now() - 60_000) * 1000}~`;
      await change();
      const page = (await pos.clients(cashier, { since })).body;
      return page.items.some((c: { id: string }) => c.id === client);
    }
    expect(await seenAfter(() => syncOk(bed, cashier, tillId, [sell(1, {})]))).toBe(false);
    expect(
      await seenAfter(() => syncOk(bed, cashier, tillId, [sell(1, { payments: [], isCredit: true })])),
    ).toBe(true);
    expect(
      await seenAfter(() =>
        bed.server.call('POST', '/api/order/payClientBalance', {
          token: a.token,
          body: { shopId: a.shopId, clientId: client, method: 'cash', amount: 1000 },
        }),
      ),
    ).toBe(true);
    expect(await seenAfter(() => giveStoreCredit(a, client, pagne.variantId, 500))).toBe(true);
  });
});

describe('« avoir » at the till', () => {
  it('pays part of a sale, shows in the Z report apart from the cash, and leaves the client’s avoir lower', async () => {
    const { fixture, a, client, pagne, tillId, sessionId, sell } = await tillWithClient('Boutique Avoir');
    await giveStoreCredit(a, client, pagne.variantId, 4000);
    const [sold] = await syncOk(bed, as(fixture, 'cashier'), tillId, [
      sell(1, {
        payments: [
          { method: 'store_credit', amount: 4000 },
          { method: 'cash', amount: 2000, tendered: 2000 },
        ],
      }),
    ]);
    const order = (await api.get(a, sold.orderId)).body;
    expect(order).toMatchObject({ paidAmount: 6000, paymentStatus: 'paid' });
    expect(order.payments.map((p: { method: string; amount: number }) => [p.method, p.amount])).toEqual([
      ['store_credit', 4000],
      ['cash', 2000],
    ]);
    expect((await clientPage(a, client)).body).toMatchObject({ storeCredit: 0, balance: 0 });
    const z = (await pos.zReport(a, sessionId)).body;
    expect(z.byMethod).toEqual(
      expect.arrayContaining([
        { method: 'store_credit', received: 4000, refunded: 0 },
        { method: 'cash', received: 2000, refunded: 0 },
      ]),
    );
    expect(z.expectedCash).toBe(2000);
  });

  it('keeps a sale whose avoir was spent meanwhile: the part no longer covered is owed, and the order says so', async () => {
    const { fixture, a, client, pagne, tillId, sell } = await tillWithClient('Boutique Avoir dépensé');
    await giveStoreCredit(a, client, pagne.variantId, 5000);
    // The back office spends 3 000 of it while the till, offline, sells with all 5 000.
    const other = await api.create(a, {
      clientId: client,
      channel: 'whatsapp',
      lines: [{ variantId: pagne.variantId, quantity: 1 }],
      payment: { method: 'store_credit', amount: 3000 },
    });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    const [sold] = await syncOk(bed, as(fixture, 'cashier'), tillId, [
      sell(1, {
        payments: [
          { method: 'store_credit', amount: 5000 },
          { method: 'cash', amount: 1000 },
        ],
      }),
    ]);
    const order = (await api.get(a, sold.orderId)).body;
    expect(order).toMatchObject({ paidAmount: 3000, paymentStatus: 'partially_paid' });
    expect(plain(order.timeline.find((e: { type: string }) => e.type === 'note').data.note)).toBe(
      'L’avoir du client ne couvrait plus 3 000 FCFA de ce paiement à la synchronisation : ce montant reste dû sur son ardoise.',
    );
    // The other order left 3 000 unpaid too (6 000 − 3 000 of avoir).
    expect((await clientPage(a, client)).body).toMatchObject({ storeCredit: 0, balance: 3000 + 3000 });
  });

  it('is refused for a sale without a client, and nothing is sold', async () => {
    const { fixture, a, pagne, tillId, sell } = await tillWithClient('Boutique Avoir anonyme');
    const [refused] = (
      await pos.sync(as(fixture, 'cashier'), tillId, [
        sell(1, { clientId: undefined, payments: [{ method: 'store_credit', amount: 6000 }] }),
      ])
    ).body.results;
    expect(refused).toMatchObject({
      status: 'rejected',
      error: { details: { payments: 'Un avoir ne paie que la vente d’un client rattaché.' } },
    });
    expect(await variantStock(bed, pagne.variantId)).toBe(20);
    expect(await ordersOfShop(bed, a.shopId)).toHaveLength(0);
  });

  it('is what a refund at the till may give instead of money: no cash leaves the drawer', async () => {
    const { fixture, a, client, tillId, sessionId, sell } = await tillWithClient('Boutique Avoir rendu');
    const sale = sell(1, { payments: [{ method: 'cash', amount: 6000 }] });
    await syncOk(bed, as(fixture, 'supervisor'), tillId, [sale]);
    await syncOk(bed, as(fixture, 'supervisor'), tillId, [
      ops.refund(sessionId, {
        saleOpId: sale.id,
        method: 'store_credit',
        amount: 6000,
        lines: [{ variantId: sale.lines[0]!.variantId, quantity: 1 }],
      }),
    ]);
    expect((await clientPage(a, client)).body.storeCredit).toBe(6000);
    const z = (await pos.zReport(a, sessionId)).body;
    expect(z.expectedCash).toBe(6000);
    expect(z.byMethod).toEqual(
      expect.arrayContaining([{ method: 'store_credit', received: 0, refunded: 6000 }]),
    );
  });
});
