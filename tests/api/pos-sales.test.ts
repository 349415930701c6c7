import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, shops, smsMessages, stockConflicts } from '@/server/db/schema';
import { setupApiTestbed } from '../helpers/api-testbed';
import { putOnFreePlan } from '../helpers/catalogue';
import { createShopFixture, type ShopFixture } from '../helpers/fixtures';
import { as, orderCalls, sellable, variantStock } from '../helpers/orders';
import { firstTill, ops, posCalls, syncOk } from '../helpers/pos';

const bed = setupApiTestbed();
const pos = posCalls(bed);
const api = orderCalls(bed);

/** A shop with a till, an open session (float 10 000) and two products in stock. */
async function openTill(name: string, stock = 5) {
  const fixture = await createShopFixture(bed.database.db, name);
  const tillId = await firstTill(bed, as(fixture));
  const open = ops.open(tillId, 10_000);
  await syncOk(bed, as(fixture, 'cashier'), tillId, [open]);
  const bissap = await sellable(bed, as(fixture), 'Bissap 1 L', 1500, { stock });
  const pagne = await sellable(bed, as(fixture), 'Pagne wax', 6000, { stock });
  return { fixture, tillId, sessionId: open.sessionId, bissap, pagne };
}

const line = (item: { variantId: string }, quantity: number, unitPrice: number) => ({
  variantId: item.variantId,
  quantity,
  unitPrice,
});

async function smsQuota(fixture: ShopFixture): Promise<number> {
  const answer = await bed.server.call('GET', `/api/shop/getShop?shopId=${fixture.shop.id}`, {
    token: fixture.members.admin.token,
  });
  return answer.body.planQuotas.currentSmsQuota;
}

async function setPins(fixture: ShopFixture) {
  expect((await pos.setPin(as(fixture, 'supervisor'), '5678')).status).toBe(200);
}

describe('a sale at the till', () => {
  it('is an order of channel « point de vente », delivered, paid by split cash + Orange Money, stock taken', async () => {
    const { fixture, tillId, sessionId, bissap, pagne } = await openTill('Boutique Vente');
    const sale = ops.sale(sessionId, [line(bissap, 2, 1500), line(pagne, 1, 6000)], {
      payments: [
        { method: 'cash', amount: 5000, tendered: 10_000 },
        { method: 'orange_money', amount: 4000, reference: 'OM-123' },
      ],
      note: 'Emballage cadeau',
    });
    const [result] = await syncOk(bed, as(fixture, 'cashier'), tillId, [sale]);
    expect(result).toMatchObject({ status: 'applied', orderNumber: 1001, hasStockConflict: false });

    const order = (await api.get(as(fixture), result.orderId)).body;
    expect(order).toMatchObject({
      channel: 'pos',
      fulfilmentStatus: 'delivered',
      paymentStatus: 'paid',
      subtotal: 9000,
      total: 9000,
      paidAmount: 9000,
      createdBy: { name: expect.stringContaining('cashier') },
    });
    expect(order.payments.map((p: { method: string; amount: number }) => [p.method, p.amount])).toEqual([
      ['cash', 5000],
      ['orange_money', 4000],
    ]);
    expect(order.timeline.map((e: { type: string }) => e.type)).toEqual([
      'created',
      'note',
      'payment',
      'payment',
    ]);
    expect(await variantStock(bed, bissap.variantId)).toBe(3);
    expect(await variantStock(bed, pagne.variantId)).toBe(4);

    // The same op again (the tablet did not hear the answer): the same order, nothing more.
    const [again] = (await pos.sync(as(fixture, 'cashier'), tillId, [sale])).body.results;
    expect(again).toMatchObject({ status: 'duplicate', orderId: result.orderId, orderNumber: 1001 });
    expect(await variantStock(bed, bissap.variantId)).toBe(3);
    const rows = await bed.database.db.select().from(orders).where(eq(orders.shopId, fixture.shop.id));
    expect(rows).toHaveLength(1);

    // The cashier sees it among their sales; the Z report counts it.
    expect((await api.list(as(fixture, 'cashier'), { channel: 'pos' })).body.items).toHaveLength(1);
    const z = (await pos.zReport(as(fixture, 'cashier'), sessionId)).body;
    expect(z).toMatchObject({
      salesCount: 1,
      grossSales: 9000,
      netSales: 9000,
      expectedCash: 15_000,
      byMethod: [
        { method: 'cash', received: 5000, refunded: 0 },
        { method: 'orange_money', received: 4000, refunded: 0 },
      ],
    });
  });

  it('takes the price the till showed, and refuses a sale that does not add up, naming the field', async () => {
    const { fixture, tillId, sessionId, bissap } = await openTill('Boutique Prix');
    // The till's copy still had 1 400: that is the price sold.
    const [sold] = await syncOk(bed, as(fixture, 'cashier'), tillId, [
      ops.sale(sessionId, [line(bissap, 1, 1400)]),
    ]);
    expect((await api.get(as(fixture), sold.orderId)).body).toMatchObject({ total: 1400 });

    const short = ops.sale(sessionId, [line(bissap, 2, 1500)], {
      payments: [{ method: 'cash', amount: 2000 }],
    });
    const over = ops.sale(sessionId, [line(bissap, 1, 1500)], {
      payments: [{ method: 'wave', amount: 2000 }],
    });
    const credit = ops.sale(sessionId, [line(bissap, 1, 1500)], { payments: [], isCredit: true });
    const tendered = ops.sale(sessionId, [line(bissap, 1, 1500)], {
      payments: [{ method: 'cash', amount: 1500, tendered: 1000 }],
    });
    const noSession = ops.sale('no-such-session', [line(bissap, 1, 1500)]);
    const results = (
      await pos.sync(as(fixture, 'cashier'), tillId, [short, over, credit, tendered, noSession])
    ).body.results;
    expect(results.map((r: { status: string }) => r.status)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'rejected',
      'rejected',
    ]);
    expect(results[0].error.details.payments).toBe(
      'Il manque 1\u202f000\u202fFCFA\u00a0: encaissez le reste ou choisissez le paiement à crédit.',
    );
    expect(results[1].error.details.payments).toBe(
      'Les paiements dépassent le total (1\u202f500\u202fFCFA).',
    );
    expect(results[2].error.details).toEqual({
      isCredit: 'Le paiement à crédit demande un client rattaché à la vente.',
    });
    expect(results[3].error.details).toEqual({
      'payments.0.tendered': 'Le montant remis est inférieur au montant encaissé.',
    });
    expect(results[4].error.details).toEqual({
      sessionId: 'Cette session de caisse est introuvable sur cette caisse.',
    });
    expect(await variantStock(bed, bissap.variantId)).toBe(4);
  });

  it('keeps the local ticket its receipt printed offline on the order, found by the search as printed', async () => {
    const { fixture, tillId, sessionId, bissap } = await openTill('Boutique Ticket Local');
    const tablet = (reference: string) =>
      ops.sale(sessionId, [line(bissap, 1, 1500)], { localReference: reference });
    // Two tablets both printed their ticket n° 2: their series tells them apart.
    const [first, second] = await syncOk(bed, as(fixture, 'cashier'), tillId, [
      tablet('KQFT-2'),
      tablet('BMWX-2'),
    ]);
    const order = (await api.get(as(fixture), first.orderId)).body;
    expect(order.localReference).toBe('KQFT-2');
    const numbersFor = async (search: string) =>
      (await api.list(as(fixture), { search })).body.items.map((o: { number: number }) => o.number);
    for (const typed of ['Ticket local n° KQFT-2', 'ticket local n°kqft-2', ' KQFT-2 ', 'kqft - 2'])
      expect(await numbersFor(typed), typed).toEqual([first.orderNumber]);
    expect(await numbersFor('BMWX-2')).toEqual([second.orderNumber]);
    expect(await numbersFor('KQFT-22')).toEqual([]);
    // The cashier who sold finds it too; another shop does not.
    expect((await api.list(as(fixture, 'cashier'), { search: 'KQFT-2' })).body.items).toHaveLength(1);
    const other = await createShopFixture(bed.database.db, 'Boutique Sans Ticket');
    expect((await api.list(as(other), { search: 'KQFT-2' })).body.items).toEqual([]);
    // A sale queued before tablets had a series has none; a malformed reference is refused.
    const [older] = await syncOk(bed, as(fixture, 'cashier'), tillId, [
      ops.sale(sessionId, [line(bissap, 1, 1500)]),
    ]);
    expect((await api.get(as(fixture), older.orderId)).body.localReference).toBeNull();
    const bad = await pos.sync(as(fixture, 'cashier'), tillId, [tablet('2')]);
    expect(bad.status).toBe(422);
    expect(bad.body.error.details).toEqual({ 'ops.0.localReference': 'Référence de ticket local invalide.' });
  });

  it('sells on credit to a client created at the till in the same batch', async () => {
    const { fixture, tillId, sessionId, pagne } = await openTill('Boutique Crédit');
    const client = ops.client('Khady Sow', '77 123 45 67');
    const sale = ops.sale(sessionId, [line(pagne, 1, 6000)], {
      clientOpId: client.id,
      payments: [{ method: 'wave', amount: 2000, reference: 'W-1' }],
      isCredit: true,
    });
    const [made, sold] = await syncOk(bed, as(fixture, 'cashier'), tillId, [client, sale]);
    const order = (await api.get(as(fixture), sold.orderId)).body;
    expect(order).toMatchObject({
      clientId: made.clientId,
      clientName: 'Khady Sow',
      paidAmount: 2000,
      paymentStatus: 'partially_paid',
      fulfilmentStatus: 'delivered',
    });
    expect((await pos.zReport(as(fixture), sessionId)).body).toMatchObject({
      creditSales: 4000,
      netSales: 6000,
    });
  });

  it('accepts a sale below the stock (made offline) and flags it for the supervisor', async () => {
    const { fixture, tillId, sessionId, bissap } = await openTill('Boutique Conflit', 1);
    const [sold] = await syncOk(bed, as(fixture, 'cashier'), tillId, [
      ops.sale(sessionId, [line(bissap, 3, 1500)]),
    ]);
    expect(sold.hasStockConflict).toBe(true);
    expect(await variantStock(bed, bissap.variantId)).toBe(-2);
    const conflicts = await pos.conflicts(as(fixture, 'supervisor'));
    expect(conflicts.body.items).toEqual([
      expect.objectContaining({
        orderId: sold.orderId,
        orderNumber: 1001,
        productName: 'Bissap 1 L',
        missing: 2,
        stockAfter: -2,
        resolvedAt: null,
      }),
    ]);
    expect((await pos.conflicts(as(fixture, 'cashier'))).status).toBe(403);
    const flagged = (await api.get(as(fixture), sold.orderId)).body;
    expect(flagged.timeline.find((e: { type: string }) => e.type === 'stock_conflict')?.data).toEqual({
      items: [{ name: 'Bissap 1 L', missing: 2 }],
    });
    const conflictId = conflicts.body.items[0].id;
    const blank = await pos.resolveConflict(as(fixture, 'supervisor'), conflictId, ' ');
    expect(blank.body.error.details).toEqual({ resolution: 'Dites ce qui a été fait.' });
    expect(
      (
        await pos.resolveConflict(
          as(fixture, 'supervisor'),
          conflictId,
          'Stock recompté : 2 cartons en réserve.',
        )
      ).status,
    ).toBe(200);
    expect((await pos.conflicts(as(fixture, 'supervisor'))).body.items).toEqual([]);
    expect((await pos.conflicts(as(fixture, 'supervisor'), 'resolved')).body.items[0]).toMatchObject({
      resolution: 'Stock recompté : 2 cartons en réserve.',
      resolvedBy: { name: expect.stringContaining('supervisor') },
    });
    expect((await pos.resolveConflict(as(fixture), conflictId, 'encore')).status).toBe(409);
    const settled = (await api.get(as(fixture), sold.orderId)).body;
    expect(settled.timeline.filter((e: { type: string }) => e.type === 'stock_conflict')).toHaveLength(2);
    expect(settled.timeline.at(-1).data).toEqual({
      name: 'Bissap 1 L',
      resolution: 'Stock recompté : 2 cartons en réserve.',
    });
    expect((await pos.zReport(as(fixture), sessionId)).body.stockConflicts).toBe(1);
    const rows = await bed.database.db
      .select()
      .from(stockConflicts)
      .where(eq(stockConflicts.shopId, fixture.shop.id));
    expect(rows).toHaveLength(1);
  });

  it('asks a manager’s PIN of a cashier for a discount above 20 %, not of a supervisor', async () => {
    const { fixture, tillId, sessionId, pagne } = await openTill('Boutique Remise');
    await setPins(fixture);
    const big = (extra: Record<string, unknown>) =>
      ops.sale(sessionId, [line(pagne, 1, 6000)], {
        discount: { kind: 'percent', value: 25 },
        payments: [{ method: 'cash', amount: 4500 }],
        ...extra,
      });
    const [none, wrong] = (
      await pos.sync(as(fixture, 'cashier'), tillId, [big({}), big({ approval: { pin: '0000' } })])
    ).body.results;
    expect(none).toMatchObject({
      status: 'rejected',
      error: { details: { 'approval.pin': 'Code PIN requis.' } },
    });
    expect(wrong).toMatchObject({
      status: 'rejected',
      error: { details: { 'approval.pin': 'Code PIN incorrect.' } },
    });
    const [approved] = await syncOk(bed, as(fixture, 'cashier'), tillId, [
      big({ approval: { pin: '5678' } }),
    ]);
    expect((await api.get(as(fixture), approved.orderId)).body).toMatchObject({
      orderDiscount: 1500,
      total: 4500,
    });
    await syncOk(bed, as(fixture, 'supervisor'), tillId, [big({})]);
    // 20 % exactly needs no one.
    await syncOk(bed, as(fixture, 'cashier'), tillId, [
      ops.sale(sessionId, [line(pagne, 1, 6000)], {
        discount: { kind: 'amount', value: 1200 },
        payments: [{ method: 'cash', amount: 4800 }],
      }),
    ]);
  });
});

describe('a refund at the till', () => {
  it('gives money back from the drawer and stock back, by line, with a manager’s PIN for a cashier', async () => {
    const { fixture, tillId, sessionId, bissap, pagne } = await openTill('Boutique Retour');
    await setPins(fixture);
    const sale = ops.sale(sessionId, [line(bissap, 2, 1500), line(pagne, 1, 6000)]);
    await syncOk(bed, as(fixture, 'cashier'), tillId, [sale]);
    const refund = (extra: Record<string, unknown>) =>
      ops.refund(sessionId, {
        saleOpId: sale.id,
        lines: [{ variantId: bissap.variantId, quantity: 1 }],
        ...extra,
      });
    const [refused] = (await pos.sync(as(fixture, 'cashier'), tillId, [refund({})])).body.results;
    expect(refused).toMatchObject({
      status: 'rejected',
      error: { details: { 'approval.pin': 'Code PIN requis.' } },
    });

    const [done] = await syncOk(bed, as(fixture, 'cashier'), tillId, [refund({ approval: { pin: '5678' } })]);
    expect(done.orderNumber).toBe(1001);
    const order = (await api.get(as(fixture), done.orderId)).body;
    expect(order).toMatchObject({ refundedAmount: 1500, paymentStatus: 'partially_refunded' });
    expect(order.timeline.at(-1)).toMatchObject({
      type: 'note',
      data: { note: 'Remboursement approuvé au point de vente (code PIN).' },
      by: { name: expect.stringContaining('supervisor') },
    });
    expect(await variantStock(bed, bissap.variantId)).toBe(4);
    const z = (await pos.zReport(as(fixture), sessionId)).body;
    expect(z).toMatchObject({ refundsCount: 1, refundsTotal: 1500, expectedCash: 10_000 + 9000 - 1500 });

    // An unknown sale, a line not in it, more than was sold.
    const [unknown, notInSale, tooMany] = (
      await pos.sync(as(fixture, 'supervisor'), tillId, [
        ops.refund(sessionId, { orderId: 'nope', lines: [{ variantId: bissap.variantId, quantity: 1 }] }),
        ops.refund(sessionId, { orderId: done.orderId, lines: [{ variantId: 'other', quantity: 1 }] }),
        ops.refund(sessionId, {
          orderId: done.orderId,
          lines: [{ variantId: bissap.variantId, quantity: 5 }],
        }),
      ])
    ).body.results;
    expect(unknown.error.details).toEqual({ orderId: 'Cette vente est introuvable dans la caisse.' });
    expect(notInSale.error.details).toEqual({ 'lines.0.variantId': 'Cet article n’est pas dans la vente.' });
    expect(tooMany.error.details).toEqual({ 'lines.0.quantity': 'Au plus 1 à rembourser sur cette ligne.' });
  });
});

describe('the receipt by SMS', () => {
  it('goes to the client’s phone, counted in the plan’s SMS; refused when they are used up', async () => {
    const { fixture, tillId, sessionId, bissap } = await openTill('Boutique Ticket');
    await bed.database.db
      .update(shops)
      .set({ subscriptionPlan: 'starter', shopExpiresAt: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(shops.id, fixture.shop.id));
    const client = ops.client('Awa Ndiaye', '77 555 12 34');
    const [made, sold] = await syncOk(bed, as(fixture, 'cashier'), tillId, [
      client,
      ops.sale(sessionId, [line(bissap, 1, 1500)], { clientOpId: client.id }),
    ]);
    const sent = await pos.sendReceipt(as(fixture, 'cashier'), sold.orderId);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({ phone: '+221775551234' });
    expect(await smsQuota(fixture)).toBe(1);
    // The receipt is on the client's history, as sent.
    const history = async () =>
      (
        await bed.server.call(
          'GET',
          `/api/client/events?shopId=${fixture.shop.id}&clientId=${made.clientId}`,
          { token: as(fixture).token },
        )
      ).body.items as { type: string; text: string }[];
    expect(await history()).toEqual([
      expect.objectContaining({ type: 'message', text: expect.stringContaining('Ticket #') }),
    ]);
    // Another number typed at the till; a bad one names the field.
    expect((await pos.sendReceipt(as(fixture, 'cashier'), sold.orderId, '78 111 22 33')).body).toEqual({
      phone: '+221781112233',
    });
    const bad = await pos.sendReceipt(as(fixture, 'cashier'), sold.orderId, '12');
    expect(bad.status).toBe(422);
    expect(bad.body.error.details).toEqual({ phone: 'Numéro de téléphone invalide.' });
    expect((await pos.sendReceipt(as(bed.other), sold.orderId)).status).toBe(404);
    // Sent to another number, it is not the client's message.
    expect(await history()).toHaveLength(1);

    // The starter plan's 100 SMS of the month used up: refused, with the plan named, nothing counted.
    await bed.database.db.insert(smsMessages).values(
      Array.from({ length: 98 }, (_, i) => ({
        id: `sms-${fixture.shop.id}-${i}`,
        shopId: fixture.shop.id,
        phone: '+221770000000',
        purpose: 'campaign',
      })),
    );
    const over = await pos.sendReceipt(as(fixture, 'cashier'), sold.orderId);
    expect(over.status).toBe(403);
    expect(over.body.error).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(over.body.error.message).toContain('Votre forfait Starter inclut 100 SMS par mois');
    expect(await smsQuota(fixture)).toBe(100);
  });

  it('is refused on the free plan, which has no SMS', async () => {
    const { fixture, tillId, sessionId, bissap } = await openTill('Boutique Ticket Gratuit');
    await putOnFreePlan(bed, fixture.shop.id);
    const [sold] = await syncOk(bed, as(fixture, 'cashier'), tillId, [
      ops.sale(sessionId, [line(bissap, 1, 1500)]),
    ]);
    const refused = await pos.sendReceipt(as(fixture, 'cashier'), sold.orderId, '77 555 12 34');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('n’inclut pas d’envoi de SMS');
    expect(await smsQuota(fixture)).toBe(0);
  });
});
