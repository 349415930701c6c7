import { eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { clients, notifications } from '@/server/db/schema';
import { formatMoney } from '@/shared/money';
import { FULFILMENT_STATUSES } from '@/features/order/order.schemas';
import { setupApiTestbed } from '../helpers/api-testbed';
import { NBSP } from '../helpers/catalogue';
import {
  as,
  counterOf,
  createOrderOk,
  freshShop,
  line,
  movementsOfVariant,
  orderCalls,
  orderNotifications,
  ordersOfShop,
  productStockTotal,
  sellable,
  variantStock,
} from '../helpers/orders';

const bed = setupApiTestbed();
const api = orderCalls(bed);
const admin = () => as(bed.awa);
const who = (role: keyof typeof bed.awa.members) => ({
  id: bed.awa.members[role].user.id,
  name: `${role === 'admin' ? 'Admin' : role} Utilisateur`,
});

describe('POST /api/order/create', () => {
  it('prices lines from the catalogue, takes stock for tracked products only, writes the timeline', async () => {
    const robe = await sellable(bed, admin(), 'Robe wax', 2500, { stock: 10 });
    const retouche = await sellable(bed, admin(), 'Retouche', 500, { stock: 0, trackStock: false });
    const order = await createOrderOk(bed, admin(), {
      channel: 'whatsapp',
      lines: [{ ...line(robe.variantId, 3, 500), unitPrice: 1 }, line(retouche.variantId, 2)],
      orderDiscount: 1000,
      deliveryFee: 1500,
      deliveryAddress: { quartier: 'Médina', ville: 'Dakar' },
      newClient: { name: 'Aïssatou Diop', phone: '77 123 45 67' },
      clientNote: 'Appeler avant de livrer',
      internalNote: 'Cliente fidèle',
      payment: { method: 'wave', amount: 3000, reference: 'W-1' },
    });
    expect(order).toMatchObject({
      channel: 'whatsapp',
      fulfilmentStatus: 'new',
      paymentStatus: 'partially_paid',
      clientName: 'Aïssatou Diop',
      clientPhone: '+221771234567',
      subtotal: 8500,
      lineDiscountTotal: 500,
      orderDiscount: 1000,
      deliveryFee: 1500,
      total: 8500,
      paidAmount: 3000,
      clientNote: 'Appeler avant de livrer',
      deliveryAddress: { quartier: 'Médina', commune: '', ville: 'Dakar', indications: '' },
      createdBy: who('admin'),
      isEditable: true,
      allowedStatuses: ['confirmed', 'preparing', 'ready', 'shipping', 'delivered', 'cancelled'],
      lines: [
        { productName: 'Robe wax', unitPrice: 2500, quantity: 3, lineDiscount: 500, total: 7000 },
        { productName: 'Retouche', unitPrice: 500, quantity: 2, lineDiscount: 0, total: 1000 },
      ],
      payments: [{ method: 'wave', amount: 3000, reference: 'W-1', createdBy: who('admin') }],
    });
    expect(order.timeline.map((e: { type: string; by: unknown }) => [e.type, e.by])).toEqual([
      ['created', who('admin')],
      ['note', who('admin')],
      ['payment', who('admin')],
    ]);
    expect(order.timeline[1].data).toEqual({ note: 'Cliente fidèle' });
    expect(await variantStock(bed, robe.variantId)).toBe(7);
    expect(await productStockTotal(bed, robe.productId)).toBe(7);
    const [, sale] = await movementsOfVariant(bed, robe.variantId);
    expect(sale).toMatchObject({ reason: 'vente', quantity: -3, note: `Commande #${order.number}` });
    expect(await variantStock(bed, retouche.variantId)).toBe(0);
    expect(await movementsOfVariant(bed, retouche.variantId)).toHaveLength(0);
    expect((await api.get(admin(), order.id)).body).toEqual(order);
  });

  it('refuses too little stock with 409 naming the product, writes nothing and keeps the number', async () => {
    const shop = await freshShop(bed, 'Boutique Rupture');
    const a = as(shop);
    const first = await sellable(bed, a, 'Tissu bazin', 4000, { stock: 5 });
    const short = await sellable(bed, a, 'Pagne tissé', 3000, { stock: 2 });
    expect((await createOrderOk(bed, a, { lines: [line(first.variantId)] })).number).toBe(1001);
    const refused = await api.create(a, {
      lines: [line(first.variantId, 2), line(short.variantId, 3)],
      newClient: { name: 'Moussa Ba', phone: '770000001' },
      payment: { method: 'cash', amount: 1000 },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'INSUFFICIENT_STOCK',
      message: `Stock insuffisant pour «${NBSP}Pagne tissé${NBSP}»${NBSP}: il reste 2 unités.`,
      details: { variantId: short.variantId },
    });
    expect((await ordersOfShop(bed, shop.shop.id)).map((o) => o.number)).toEqual([1001]);
    expect(await counterOf(bed, shop.shop.id)).toMatchObject({ lastNumber: 1001, monthCount: 1 });
    expect(await variantStock(bed, first.variantId)).toBe(4);
    expect(await variantStock(bed, short.variantId)).toBe(2);
    expect(await movementsOfVariant(bed, short.variantId)).toHaveLength(1);
    expect(await bed.database.db.select().from(clients).where(eq(clients.shopId, shop.shop.id))).toEqual([]);
    expect((await orderNotifications(bed, shop.shop.id)).map((n) => n.title)).toEqual([
      'Nouvelle commande #1001',
    ]);
    expect((await createOrderOk(bed, a, { lines: [line(short.variantId, 2)] })).number).toBe(1002);
    expect(await variantStock(bed, short.variantId)).toBe(0);
  });

  it('refuses bad input on every field with 422 naming it, and writes nothing', async () => {
    const shop = await freshShop(bed, 'Boutique Saisie');
    const a = as(shop);
    const shopId = shop.shop.id;
    const { variantId } = await sellable(bed, a, 'Chaussures', 2000, { stock: 5 });
    const archived = await sellable(bed, a, 'Ancien modèle', 2000, { stock: 5, status: 'archived' });
    const theirs = await sellable(bed, as(bed.other), 'Produit voisin', 1000, { stock: 5 });
    const theirClient = await api.createClient(as(bed.other), { name: 'Client voisin' });
    expect(theirClient.status).toBe(200);
    const ok = [line(variantId, 2)];
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'lines'],
      [{ lines: [] }, 'lines'],
      [{ lines: [line(variantId, 0)] }, 'lines.0.quantity'],
      [{ lines: [line(variantId, 1.5)] }, 'lines.0.quantity'],
      [{ lines: [line('variante-inconnue')] }, 'lines.0.variantId'],
      [{ lines: [line(theirs.variantId)] }, 'lines.0.variantId'],
      [{ lines: [line(archived.variantId)] }, 'lines.0.variantId'],
      [{ lines: [line(variantId, 2, 4001)] }, 'lines.0.lineDiscount'],
      [{ lines: [line(variantId, 1), line(variantId, 1, -1)] }, 'lines.1.lineDiscount'],
      [{ lines: ok, orderDiscount: 4001 }, 'orderDiscount'],
      [{ lines: [line(variantId, 2, 1000)], orderDiscount: 3001 }, 'orderDiscount'],
      [{ lines: ok, newClient: { name: 'Awa', phone: '12345' } }, 'newClient.phone'],
      [{ lines: ok, newClient: { name: '', phone: '771112233' } }, 'newClient.name'],
      [{ lines: ok, clientId: theirClient.body.id }, 'clientId'],
      [{ lines: ok, payment: { method: 'cash', amount: 4001 } }, 'payment.amount'],
      [{ lines: ok, deliveryFee: 500, payment: { method: 'cash', amount: 4501 } }, 'payment.amount'],
      [{ lines: ok, payment: { method: 'cheque', amount: 100 } }, 'payment.method'],
      [{ lines: ok, channel: 'telegram' }, 'channel'],
      // The site and the till make their own orders.
      [{ lines: ok, channel: 'site' }, 'channel'],
      [{ lines: ok, deliveryFee: -1 }, 'deliveryFee'],
      [{ lines: ok, idempotencyKey: 'court' }, 'idempotencyKey'],
    ];
    for (const [body, field] of cases) {
      const answer = await api.create(a, body);
      expect(answer.status, `${JSON.stringify(body)} → ${JSON.stringify(answer.body)}`).toBe(422);
      expect(answer.body.error.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(answer.body.error.details), JSON.stringify(body)).toEqual([field]);
    }
    const unknown = await api.create(a, { lines: [line('variante-inconnue')] });
    expect(unknown.body.error.details).toEqual({
      'lines.0.variantId': 'Ce produit n’existe pas dans la boutique.',
    });
    // With lines that match no product: another shop's client is refused on the client first, and a
    // new client's order on its lines, with no client left behind (checked below).
    const strangerWithUnknown = await api.create(a, {
      lines: [line('variante-inconnue')],
      clientId: theirClient.body.id,
    });
    expect(Object.keys(strangerWithUnknown.body.error.details)).toEqual(['clientId']);
    const newWithUnknown = await api.create(a, {
      lines: [line('variante-inconnue')],
      newClient: { name: 'Awa Sarr', phone: '771112233' },
    });
    expect(Object.keys(newWithUnknown.body.error.details)).toEqual(['lines.0.variantId']);
    expect(await ordersOfShop(bed, shopId)).toEqual([]);
    expect(await counterOf(bed, shopId)).toBeNull();
    expect(await variantStock(bed, variantId)).toBe(5);
    expect(await bed.database.db.select().from(clients).where(eq(clients.shopId, shopId))).toEqual([]);
    expect(await orderNotifications(bed, shopId)).toEqual([]);
    // The same body, corrected, passes and gets the first number.
    expect((await createOrderOk(bed, a, { lines: ok, orderDiscount: 4000 })).number).toBe(1001);
  });

  it('writes one `order` notification per order, none for a refused one', async () => {
    const shop = await freshShop(bed, 'Boutique Cloche');
    const a = as(shop, 'seller');
    const { variantId } = await sellable(bed, as(shop), 'Thiouraye', 1500, {
      stock: 3,
      lowStockThreshold: 1,
    });
    await createOrderOk(bed, a, {
      lines: [line(variantId, 2)],
      newClient: { name: 'Fatou Sow', phone: '761234567' },
    });
    await createOrderOk(bed, a, { lines: [line(variantId, 1)] });
    expect((await api.create(a, { lines: [line(variantId, 1)] })).status).toBe(409);
    const sent = await orderNotifications(bed, shop.shop.id);
    expect(sent.map((n) => [n.title, n.description]).sort()).toEqual([
      ['Nouvelle commande #1001', `Fatou Sow · ${formatMoney(3000, 'XOF')}`],
      ['Nouvelle commande #1002', `Client anonyme · ${formatMoney(1500, 'XOF')}`],
    ]);
    // The sale that brought the stock to the threshold told the shop, once.
    const all = await bed.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.shopId, shop.shop.id));
    expect(all.filter((n) => n.type === 'low_stock').map((n) => [n.title, n.description])).toEqual([
      ['Thiouraye', 'Il ne reste que 1 unité.'],
    ]);
  });

  it('pushes the `order` notification live to the shop’s sockets that see every order', async () => {
    const shop = await freshShop(bed, 'Boutique Direct');
    const socket = connect(bed.server.url, {
      auth: { token: shop.members.admin.token },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      const joined = await new Promise((resolve) =>
        socket.emit('joinShop', { shopId: shop.shop.id }, resolve),
      );
      expect(joined).toEqual({ ok: true });
      const heard = new Promise<Record<string, unknown>>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no newNotification within 5 s')), 5000);
        socket.on('newNotification', (n: Record<string, unknown>) => {
          if (n.type !== 'order') return;
          clearTimeout(timer);
          resolve(n);
        });
      });
      const { variantId } = await sellable(bed, as(shop), 'Attaya', 2000, { stock: 10 });
      const order = await createOrderOk(bed, as(shop, 'seller'), { lines: [line(variantId)] });
      expect(await heard).toMatchObject({
        shopId: shop.shop.id,
        type: 'order',
        title: 'Nouvelle commande #1001',
        description: `Client anonyme · ${formatMoney(2000, 'XOF')}`,
        link: `/mes-commandes/${order.id}`,
      });
    } finally {
      socket.close();
    }
  });
});

describe('status changes', () => {
  const refusal = (from: string, to: string) => ({
    code: 'INVALID_TRANSITION',
    message: `Une commande «${NBSP}${from}${NBSP}» ne peut pas passer à «${NBSP}${to}${NBSP}».`,
  });

  it('moves along the flow, may skip steps, and refuses the moves it forbids with 409', async () => {
    const { variantId } = await sellable(bed, admin(), 'Bracelet', 1000, { stock: 20 });
    const order = await createOrderOk(bed, admin(), { lines: [line(variantId)] });
    const seller = as(bed.awa, 'seller');
    for (const status of ['confirmed', 'ready', 'shipping', 'delivered']) {
      const moved = await api.changeStatus(seller, order.id, status);
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body.fulfilmentStatus).toBe(status);
    }
    const back = await api.changeStatus(admin(), order.id, 'confirmed');
    expect(back.status).toBe(409);
    expect(back.body.error).toEqual(refusal('Livrée', 'Confirmée'));
    const after = (await api.get(admin(), order.id)).body;
    expect(after).toMatchObject({ fulfilmentStatus: 'delivered', allowedStatuses: ['returned'] });
    expect(after.isEditable).toBe(false);
    expect(
      after.timeline
        .filter((e: { type: string }) => e.type === 'status')
        .map((e: { data: unknown }) => e.data),
    ).toEqual([
      { from: 'new', to: 'confirmed' },
      { from: 'confirmed', to: 'ready' },
      { from: 'ready', to: 'shipping' },
      { from: 'shipping', to: 'delivered' },
    ]);
    expect(after.timeline.at(-1).by).toEqual(who('seller'));

    // Shipping cannot be cancelled (it can only be delivered or come back).
    const shipping = await createOrderOk(bed, admin(), { lines: [line(variantId)] });
    await api.changeStatus(admin(), shipping.id, 'shipping');
    expect((await api.changeStatus(admin(), shipping.id, 'cancelled')).body.error).toEqual(
      refusal('En livraison', 'Annulée'),
    );
    expect((await api.changeStatus(admin(), shipping.id, 'new')).status).toBe(409);
    expect((await api.changeStatus(admin(), shipping.id, 'shipping')).status).toBe(409);

    // New can be cancelled; a cancelled order goes nowhere.
    const fresh = await createOrderOk(bed, admin(), { lines: [line(variantId)] });
    expect((await api.changeStatus(admin(), fresh.id, 'new')).body.error).toEqual(
      refusal('Nouvelle', 'Nouvelle'),
    );
    const cancelled = await api.changeStatus(admin(), fresh.id, 'cancelled');
    expect(cancelled.body).toMatchObject({ fulfilmentStatus: 'cancelled', allowedStatuses: [] });
    for (const status of FULFILMENT_STATUSES) {
      const answer = await api.changeStatus(admin(), fresh.id, status);
      expect(answer.status, status).toBe(409);
      expect(answer.body.error.code).toBe('INVALID_TRANSITION');
    }
    const bad = await api.changeStatus(admin(), fresh.id, 'perdue');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.details)).toEqual(['status']);
    expect((await api.changeStatus(admin(), 'commande-inconnue', 'confirmed')).status).toBe(404);
  });

  it('gives the stock back exactly once when an order is cancelled or returned', async () => {
    const { productId, variantId } = await sellable(bed, admin(), 'Sac en cuir', 15000, { stock: 10 });
    const order = await createOrderOk(bed, admin(), { lines: [line(variantId, 3)] });
    expect(await variantStock(bed, variantId)).toBe(7);
    expect((await api.changeStatus(admin(), order.id, 'cancelled')).status).toBe(200);
    expect(await variantStock(bed, variantId)).toBe(10);
    expect(await productStockTotal(bed, productId)).toBe(10);
    expect((await api.changeStatus(admin(), order.id, 'cancelled')).status).toBe(409);
    const bulk = await api.bulkChangeStatus(admin(), [order.id], 'cancelled');
    expect(bulk.body.results).toEqual([
      { orderId: order.id, number: null, isDone: false, error: expect.stringContaining('Annulée') },
    ]);
    expect(await variantStock(bed, variantId)).toBe(10);
    const back = (await movementsOfVariant(bed, variantId)).filter((m) => m.reason === 'retour');
    expect(back.map((m) => [m.quantity, m.stockAfter, m.note])).toEqual([
      [3, 10, `Commande #${order.number}`],
    ]);

    const returned = await createOrderOk(bed, admin(), { lines: [line(variantId, 4)] });
    expect(await variantStock(bed, variantId)).toBe(6);
    await api.changeStatus(admin(), returned.id, 'delivered');
    expect(await variantStock(bed, variantId)).toBe(6);
    expect((await api.changeStatus(admin(), returned.id, 'returned')).status).toBe(200);
    expect(await variantStock(bed, variantId)).toBe(10);
    expect((await api.changeStatus(admin(), returned.id, 'returned')).status).toBe(409);
    expect((await api.changeStatus(admin(), returned.id, 'cancelled')).status).toBe(409);
    expect(await variantStock(bed, variantId)).toBe(10);
  });

  it('moves a selection in bulk, each order on its own, reporting the ones it could not move', async () => {
    const { variantId } = await sellable(bed, admin(), 'Collier', 3000, { stock: 10 });
    const a = await createOrderOk(bed, admin(), { lines: [line(variantId)] });
    const b = await createOrderOk(bed, admin(), { lines: [line(variantId)] });
    await api.changeStatus(admin(), b.id, 'delivered');
    const theirs = await sellable(bed, as(bed.other), 'Collier voisin', 3000, { stock: 1 });
    const foreign = await createOrderOk(bed, as(bed.other), { lines: [line(theirs.variantId)] });
    const answer = await api.bulkChangeStatus(
      as(bed.awa, 'supervisor'),
      [a.id, b.id, foreign.id],
      'confirmed',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([
      { orderId: a.id, number: a.number, isDone: true, error: null },
      {
        orderId: b.id,
        number: null,
        isDone: false,
        error: `Une commande «${NBSP}Livrée${NBSP}» ne peut pas passer à «${NBSP}Confirmée${NBSP}».`,
      },
      { orderId: foreign.id, number: null, isDone: false, error: 'La commande est introuvable.' },
    ]);
    expect((await api.get(admin(), a.id)).body.fulfilmentStatus).toBe('confirmed');
    expect((await api.get(as(bed.other), foreign.id)).body.fulfilmentStatus).toBe('new');
    expect((await api.bulkChangeStatus(as(bed.awa, 'cashier'), [a.id], 'ready')).status).toBe(403);
  });
});

describe('payments', () => {
  it('goes pending → partially_paid → paid, never above what is due, never on a cancelled order', async () => {
    const { variantId } = await sellable(bed, admin(), 'Boubou brodé', 10000, { stock: 5 });
    const order = await createOrderOk(bed, admin(), { lines: [line(variantId)], deliveryFee: 1000 });
    expect(order).toMatchObject({ total: 11000, paidAmount: 0, paymentStatus: 'pending' });
    const seller = as(bed.awa, 'seller');
    const first = await api.addPayment(seller, order.id, 4000, 'orange_money', 'OM-42');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ paidAmount: 4000, paymentStatus: 'partially_paid' });
    const over = await api.addPayment(seller, order.id, 7001);
    expect(over.status).toBe(422);
    expect(Object.keys(over.body.error.details)).toEqual(['amount']);
    expect(over.body.error.details.amount).toContain(formatMoney(7000, 'XOF'));
    const zero = await api.addPayment(seller, order.id, 0);
    expect(Object.keys(zero.body.error.details)).toEqual(['amount']);
    const paid = await api.addPayment(seller, order.id, 7000, 'cod');
    expect(paid.body).toMatchObject({ paidAmount: 11000, paymentStatus: 'paid' });
    expect(paid.body.payments.map((p: { method: string; amount: number }) => [p.method, p.amount])).toEqual([
      ['orange_money', 4000],
      ['cod', 7000],
    ]);
    const more = await api.addPayment(seller, order.id, 1);
    expect(more.body.error.details).toEqual({ amount: 'Cette commande est déjà entièrement payée.' });
    expect(
      paid.body.timeline
        .filter((e: { type: string }) => e.type === 'payment')
        .map((e: { data: unknown; by: unknown }) => [e.data, e.by]),
    ).toEqual([
      [{ method: 'orange_money', amount: 4000, reference: 'OM-42' }, who('seller')],
      [{ method: 'cod', amount: 7000, reference: null }, who('seller')],
    ]);

    const cancelled = await createOrderOk(bed, admin(), { lines: [line(variantId)] });
    await api.changeStatus(admin(), cancelled.id, 'cancelled');
    const refused = await api.addPayment(admin(), cancelled.id, 1000);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('CONFLICT');
    expect((await api.get(admin(), cancelled.id)).body).toMatchObject({ paidAmount: 0, payments: [] });
    const returned = await createOrderOk(bed, admin(), { lines: [line(variantId)] });
    await api.changeStatus(admin(), returned.id, 'delivered');
    await api.changeStatus(admin(), returned.id, 'returned');
    expect((await api.addPayment(admin(), returned.id, 1000)).status).toBe(409);
    expect((await api.addPayment(as(bed.awa, 'cashier'), order.id, 1)).status).toBe(403);
  });
});

describe('notes', () => {
  it('adds an internal note to the timeline with its author', async () => {
    const { variantId } = await sellable(bed, admin(), 'Ceinture', 2000, { stock: 2 });
    const order = await createOrderOk(bed, admin(), { lines: [line(variantId)] });
    const noted = await api.addNote(as(bed.awa, 'supervisor'), order.id, '  Livrer après 18 h  ');
    expect(noted.status).toBe(200);
    expect(noted.body.timeline.at(-1)).toMatchObject({
      type: 'note',
      data: { note: 'Livrer après 18 h' },
      by: who('supervisor'),
    });
    expect((await api.addNote(admin(), order.id, '   ')).status).toBe(422);
    expect((await api.addNote(as(bed.awa, 'inventory-manager'), order.id, 'Non')).status).toBe(403);
  });
});
