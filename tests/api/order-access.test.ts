import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, orders } from '@/server/db/schema';
import { setupApiTestbed } from '../helpers/api-testbed';
import {
  as,
  createOrderOk,
  freshShop,
  insertOrderFor,
  line,
  orderCalls,
  ordersOfShop,
  sellable,
  variantStock,
} from '../helpers/orders';

const bed = setupApiTestbed();
const api = orderCalls(bed);
const FORBIDDEN = { code: 'FORBIDDEN', message: 'Votre rôle ne vous permet pas d’effectuer cette action.' };

describe('roles', () => {
  it('a cashier sees only the sales they made and cannot enter or change orders by hand', async () => {
    const shop = await freshShop(bed, 'Boutique Caisse');
    const item = await sellable(bed, as(shop), 'Gâteau', 1500, { stock: 10 });
    const byAdmin = await createOrderOk(bed, as(shop), { lines: [line(item.variantId)] });
    const own = await insertOrderFor(bed, shop, shop.members.cashier, item, 5001);
    const cashier = as(shop, 'cashier');

    const list = await api.list(cashier);
    expect(list.status).toBe(200);
    expect(list.body.items.map((o: { id: string }) => o.id)).toEqual([own]);
    expect((await api.count(cashier)).body).toEqual({ count: 1, isCapped: false });
    expect((await api.list(cashier, { search: String(byAdmin.number) })).body.items).toEqual([]);
    const hidden = await api.get(cashier, byAdmin.id);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toEqual({ code: 'NOT_FOUND', message: 'La commande est introuvable.' });
    const mine = await api.get(cashier, own);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ number: 5001, createdBy: { id: shop.members.cashier.user.id } });
    // The admin sees both.
    expect((await api.count(as(shop))).body.count).toBe(2);

    for (const answer of [
      await api.create(cashier, { lines: [line(item.variantId)] }),
      await api.changeStatus(cashier, own, 'cancelled'),
      await api.addPayment(cashier, byAdmin.id, 100),
      await api.addNote(cashier, own, 'Note'),
      await api.refund(cashier, own, { amount: 100 }),
      await api.searchClients(cashier, 'a'),
      await api.createClient(cashier, { name: 'Client caisse' }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.error).toEqual(FORBIDDEN);
    }
    expect((await ordersOfShop(bed, shop.shop.id)).map((o) => o.number)).toEqual([1001, 5001]);
    expect(await variantStock(bed, item.variantId)).toBe(9);
  });

  it('an inventory manager views orders but cannot create or manage them; sellers and supervisors can', async () => {
    const shop = await freshShop(bed, 'Boutique Rôles');
    const item = await sellable(bed, as(shop), 'Bougie', 2000, { stock: 10 });
    const order = await createOrderOk(bed, as(shop), { lines: [line(item.variantId)] });
    const keeper = as(shop, 'inventory-manager');
    expect((await api.list(keeper)).body.items).toHaveLength(1);
    expect((await api.get(keeper, order.id)).status).toBe(200);
    expect((await api.exportCsv(keeper)).status).toBe(200);
    for (const answer of [
      await api.create(keeper, { lines: [line(item.variantId)] }),
      await api.changeStatus(keeper, order.id, 'confirmed'),
      await api.update(keeper, order.id, { lines: [line(item.variantId, 2)] }),
      await api.addPayment(keeper, order.id, 100),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.error).toEqual(FORBIDDEN);
    }
    for (const role of ['seller', 'supervisor'] as const) {
      const made = await createOrderOk(bed, as(shop, role), { lines: [line(item.variantId)] });
      expect(made.createdBy.id).toBe(shop.members[role].user.id);
      expect((await api.changeStatus(as(shop, role), made.id, 'confirmed')).status).toBe(200);
    }
    expect(await variantStock(bed, item.variantId)).toBe(7);
    expect((await api.list({ token: undefined, shopId: shop.shop.id })).status).toBe(401);
  });
});

describe('another shop', () => {
  it('answers 404 to a member naming a shop that is not theirs, and to an order of another shop', async () => {
    const item = await sellable(bed, as(bed.awa), 'Natte', 3000, { stock: 10 });
    const order = await createOrderOk(bed, as(bed.awa), { lines: [line(item.variantId)] });
    const outsider = { token: bed.other.members.admin.token, shopId: bed.awa.shop.id };
    for (const answer of [
      await api.list(outsider),
      await api.get(outsider, order.id),
      await api.create(outsider, { lines: [line(item.variantId)] }),
      await api.changeStatus(outsider, order.id, 'cancelled'),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error).toEqual({ code: 'NOT_FOUND', message: 'La boutique est introuvable.' });
    }
    const theirs = as(bed.other);
    const notFound = { code: 'NOT_FOUND', message: 'La commande est introuvable.' };
    for (const answer of [
      await api.get(theirs, order.id),
      await api.changeStatus(theirs, order.id, 'cancelled'),
      await api.addPayment(theirs, order.id, 100),
      await api.update(theirs, order.id, { lines: [line(item.variantId, 2)] }),
      await api.addNote(theirs, order.id, 'Intrusion'),
      await api.refund(theirs, order.id, { amount: 100 }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error).toEqual(notFound);
    }
    // Their variant cannot be sold from here either.
    const refused = await api.create(theirs, { lines: [line(item.variantId)] });
    expect(refused.body.error.details).toEqual({
      'lines.0.variantId': 'Ce produit n’existe pas dans la boutique.',
    });
    expect((await api.list(theirs)).body.items.map((o: { id: string }) => o.id)).not.toContain(order.id);
    expect((await api.get(as(bed.awa), order.id)).body).toMatchObject({
      fulfilmentStatus: 'new',
      paidAmount: 0,
      timeline: [{ type: 'created' }],
    });
    expect(await variantStock(bed, item.variantId)).toBe(9);
  });
});

describe('clients', () => {
  it('creates a client with a unique phone, and an order for the same phone reuses it', async () => {
    const shop = await freshShop(bed, 'Boutique Clients');
    const a = as(shop);
    const created = await api.createClient(a, {
      name: 'Ndèye Fatou Sarr',
      phone: '77 000 11 22',
      email: 'ndeye@example.sn',
      addresses: [{ quartier: 'Plateau', ville: 'Dakar' }],
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: 'Ndèye Fatou Sarr',
      phone: '+221770001122',
      email: 'ndeye@example.sn',
      addresses: [{ quartier: 'Plateau', commune: '', ville: 'Dakar', indications: '' }],
    });
    const duplicate = await api.createClient(as(shop, 'seller'), {
      name: 'Autre',
      phone: '+221 77 000 11 22',
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.error.details).toEqual({ phone: 'Un client de la boutique a déjà ce numéro.' });
    const badPhone = await api.createClient(a, { name: 'Sans numéro', phone: '123' });
    expect(badPhone.body.error.details).toEqual({ phone: 'Numéro de téléphone invalide.' });
    expect(Object.keys((await api.createClient(a, { name: ' ' })).body.error.details)).toEqual(['name']);
    // The same phone in another shop is another client.
    expect((await api.createClient(as(bed.other), { name: 'Homonyme', phone: '770001122' })).status).toBe(
      200,
    );
    // Two clients without phone are two clients.
    expect((await api.createClient(a, { name: 'Sans téléphone' })).status).toBe(200);
    expect((await api.createClient(a, { name: 'Sans téléphone' })).status).toBe(200);

    const item = await sellable(bed, a, 'Thé', 500, { stock: 10 });
    const order = await createOrderOk(bed, a, {
      lines: [line(item.variantId)],
      newClient: { name: 'Fatou', phone: '770001122' },
    });
    expect(order).toMatchObject({
      clientId: created.body.id,
      clientName: 'Ndèye Fatou Sarr',
      clientPhone: '+221770001122',
    });
    const byId = await createOrderOk(bed, a, { lines: [line(item.variantId)], clientId: created.body.id });
    expect(byId.clientId).toBe(created.body.id);
    const rows = await bed.database.db.select().from(clients).where(eq(clients.shopId, shop.shop.id));
    expect(rows).toHaveLength(3);
    const ordersOfClient = await bed.database.db
      .select()
      .from(orders)
      .where(eq(orders.clientId, created.body.id));
    expect(ordersOfClient).toHaveLength(2);
  });

  it('finds clients by name without accents or case, and by phone digits', async () => {
    const shop = await freshShop(bed, 'Boutique Recherche Clients');
    const a = as(shop, 'seller');
    for (const [name, phone] of [
      ['Aïssatou Ndiaye', '77 123 45 67'],
      ['Élodie Mendy', '76 987 65 43'],
      ['Mamadou Diallo', undefined],
    ] as const)
      expect((await api.createClient(a, { name, phone })).status).toBe(200);
    const names = async (search: string) =>
      ((await api.searchClients(a, search)).body.items as Array<{ name: string }>).map((c) => c.name);
    expect(await names('aissatou')).toEqual(['Aïssatou Ndiaye']);
    expect(await names('ELODIE')).toEqual(['Élodie Mendy']);
    expect(await names('ndia')).toEqual(['Aïssatou Ndiaye']);
    expect(await names('77 123')).toEqual(['Aïssatou Ndiaye']);
    expect(await names('987654')).toEqual(['Élodie Mendy']);
    expect(await names('+221 76 987 65 43')).toEqual(['Élodie Mendy']);
    expect(await names('')).toEqual(['Mamadou Diallo', 'Élodie Mendy', 'Aïssatou Ndiaye']);
    expect(await names('inconnu')).toEqual([]);
    expect(await names('%')).toEqual([]);
    // Another shop's clients stay there.
    expect((await api.searchClients(as(bed.other), 'aissatou')).body.items).toEqual([]);
  });
});

describe('GET /api/home/summary', () => {
  it('counts today’s sales (cancelled left out) and the to-do queue', async () => {
    const shop = await freshShop(bed, 'Boutique Accueil');
    const a = as(shop);
    expect((await api.home(a)).body).toEqual({
      today: { salesAmount: 0, ordersCount: 0 },
      todo: { toConfirm: 0, toPrepare: 0, unpaid: 0, lowStock: 0 },
      cap: 999,
      cashDiscrepancies: [],
    });
    const item = await sellable(bed, a, 'Mangue', 1000, { stock: 20, lowStockThreshold: 2 });
    await sellable(bed, a, 'Presque fini', 1000, { stock: 3, lowStockThreshold: 3 });
    await sellable(bed, a, 'Archivé', 1000, { stock: 0, status: 'archived' });
    await sellable(bed, a, 'Service', 1000, { stock: 0, trackStock: false });
    const make = (quantity: number, paid = 0) =>
      createOrderOk(bed, a, {
        lines: [line(item.variantId, quantity)],
        ...(paid ? { payment: { method: 'cash', amount: paid } } : {}),
      });
    await make(5, 5000); // new, paid: to confirm
    const confirmed = await make(3); // confirmed, unpaid
    await api.changeStatus(a, confirmed.id, 'confirmed');
    const preparing = await make(2, 1000); // preparing, partly paid
    await api.changeStatus(a, preparing.id, 'preparing');
    const cancelled = await make(4); // cancelled: not a sale, not to do
    await api.changeStatus(a, cancelled.id, 'cancelled');
    const yesterday = await make(1, 1000); // delivered yesterday
    await api.changeStatus(a, yesterday.id, 'delivered');
    await bed.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 36 * 3_600_000) })
      .where(eq(orders.id, yesterday.id));
    const summary = await api.home(as(shop, 'inventory-manager'));
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({
      today: { salesAmount: 10000, ordersCount: 3 },
      todo: { toConfirm: 1, toPrepare: 2, unpaid: 2, lowStock: 1 },
      cap: 999,
      cashDiscrepancies: [],
    });
    // Selling down to the threshold puts the product on the list.
    await make(7);
    expect((await api.home(a)).body).toMatchObject({
      today: { salesAmount: 17000, ordersCount: 4 },
      todo: { toConfirm: 2, unpaid: 3, lowStock: 2 },
    });
    // A cashier's figures are their own sales.
    await insertOrderFor(bed, shop, shop.members.cashier, item, 7001, 2500);
    expect((await api.home(as(shop, 'cashier'))).body).toMatchObject({
      today: { salesAmount: 2500, ordersCount: 1 },
      todo: { toConfirm: 0, toPrepare: 0, unpaid: 0 },
    });
  });
});
