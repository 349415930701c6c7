import fs from 'node:fs';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { executePrepared } from '@/server/db';
import { clients } from '@/server/db/schema/customer';
import { clientFiguresQuery } from '@/features/order/server/client-figures';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture, type ShopFixture } from '../helpers/fixtures';
import { as, line, orderCalls, plain, sellable, type Actor } from '../helpers/orders';
import { firstTill, ops, posCalls, syncOk } from '../helpers/pos';

/*
 * /mes-clients (issue Clients): the list and its filters, a client's page and profile, the figures
 * kept with every order, the « ardoise » and its payments — for the roles that may, and no other.
 */

const bed = setupApiTestbed();
const api = orderCalls(bed);

const get = (a: Actor, path: string, params: Record<string, string> = {}) =>
  bed.server.call('GET', `/api/client/${path}?${new URLSearchParams({ shopId: a.shopId, ...params })}`, {
    token: a.token,
  });
const post = (a: Actor, path: string, body: Record<string, unknown>) =>
  bed.server.call('POST', path.startsWith('/') ? path : `/api/client/${path}`, {
    token: a.token,
    body: { shopId: a.shopId, ...body },
  });

async function clientOf(a: Actor, name: string, phone: string): Promise<string> {
  const answer = await api.createClient(a, { name, phone });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.id;
}

/** A shop with three clients and their orders: Awa owes 3 000, Moussa paid all, Fatou never ordered. */
async function shopWithClients(name: string) {
  const fixture = await createShopFixture(bed.database.db, name);
  const a = as(fixture);
  const tea = await sellable(bed, a, 'Thé', 1000, { stock: 1000 });
  const awa = await clientOf(a, 'Awa Ndiaye', '77 123 45 67');
  const moussa = await clientOf(a, 'Moussa Diop', '+221 76 555 44 33');
  const fatou = await clientOf(a, 'Fatou Sall', '70 999 88 77');
  const order = (clientId: string, quantity: number, paid: number, channel = 'whatsapp') =>
    api.create(a, {
      clientId,
      channel,
      lines: [line(tea.variantId, quantity)],
      ...(paid ? { payment: { method: 'cash', amount: paid } } : {}),
    });
  const first = await order(awa, 2, 0, 'phone');
  const second = await order(awa, 1, 0);
  expect([first.status, second.status]).toEqual([200, 200]);
  expect((await order(moussa, 5, 5000, 'instagram')).status).toBe(200);
  return { fixture, a, tea, awa, moussa, fatou, awaOrders: [first.body, second.body] };
}

async function recomputed(shopId: string, clientId: string) {
  const [row] = await executePrepared<Record<string, unknown>>(
    bed.database.db,
    clientFiguresQuery(shopId, clientId),
  );
  return {
    ordersCount: Number(row!.orders_count),
    totalSpent: Number(row!.total_spent),
    refundsTotal: Number(row!.refunds_total),
    balance: Number(row!.balance),
    returnedCount: Number(row!.returned_count),
    firstChannel: row!.first_channel ?? null,
  };
}

async function kept(clientId: string) {
  const [row] = await bed.database.db.select().from(clients).where(eq(clients.id, clientId));
  return {
    ordersCount: row!.ordersCount,
    totalSpent: row!.totalSpent,
    refundsTotal: row!.refundsTotal,
    balance: row!.balance,
    returnedCount: row!.returnedCount,
    firstChannel: row!.firstChannel,
  };
}

describe('the list', () => {
  it('finds a client by a phone typed any way, by name without accents, by e-mail', async () => {
    const { a, awa, moussa } = await shopWithClients('Boutique Recherche');
    for (const search of ['77 123 45 67', '+221771234567', '771234567', 'awa', 'NDIAYE'])
      expect(
        (await get(a, 'list', { search })).body.items.map((c: { id: string }) => c.id),
        search,
      ).toEqual([awa]);
    await post(a, 'update', { clientId: moussa, email: 'moussa@exemple.sn' });
    expect((await get(a, 'list', { search: 'moussa@exemple' })).body.items).toHaveLength(1);
  });

  it('filters by balance, spend, channel, commune, tag and consent, and counts what it shows', async () => {
    const { a, awa, moussa, fatou } = await shopWithClients('Boutique Filtres');
    const ids = async (params: Record<string, string>) =>
      (await get(a, 'list', params)).body.items.map((c: { id: string }) => c.id).sort();
    expect(await ids({ hasBalance: 'true' })).toEqual([awa]);
    expect(await ids({ hasBalance: 'false' })).toEqual([moussa, fatou].sort());
    expect(await ids({ spentMin: '4000' })).toEqual([moussa]);
    expect(await ids({ spentMax: '3000', spentMin: '1' })).toEqual([awa]);
    expect(await ids({ firstChannel: 'phone' })).toEqual([awa]);
    await post(a, 'update', { clientId: fatou, commune: 'Cocody', tags: ['VIP'], consentSms: true });
    expect(await ids({ commune: 'cocody' })).toEqual([fatou]);
    expect(await ids({ tag: 'VIP' })).toEqual([fatou]);
    expect(await ids({ consent: 'sms' })).toEqual([fatou]);
    expect((await get(a, 'count', { hasBalance: 'false' })).body).toEqual({ count: 2, isCapped: false });
  });

  it('sorts four ways and pages by keyset without overlap or gap', async () => {
    const { a, awa, moussa, fatou } = await shopWithClients('Boutique Tris');
    const order = async (sort: string) =>
      (await get(a, 'list', { sort })).body.items.map((c: { id: string }) => c.id);
    expect(await order('totalSpent')).toEqual([moussa, awa, fatou]);
    expect(await order('ordersCount')).toEqual([awa, moussa, fatou]);
    expect(await order('name')).toEqual([awa, fatou, moussa]);
    // By last order: the newest first, a client who never ordered last.
    expect(await order('lastOrder')).toEqual([moussa, awa, fatou]);
    for (const sort of ['lastOrder', 'totalSpent', 'ordersCount', 'name']) {
      const seen: string[] = [];
      let after: string | null = null;
      do {
        const page: { items: Array<{ id: string }>; nextCursor: string | null } = (
          await get(a, 'list', { sort, limit: '1', ...(after ? { after } : {}) })
        ).body;
        seen.push(...page.items.map((c: { id: string }) => c.id));
        after = page.nextCursor;
      } while (after);
      expect(seen, sort).toEqual(await order(sort));
    }
    expect((await get(a, 'list', { after: 'n’importe quoi' })).status).toBe(422);
  });

  it('exports the filter as CSV, phones split from their calling code, formulas guarded', async () => {
    const { a, awa } = await shopWithClients('Boutique Export clients');
    await post(a, 'update', { clientId: awa, notes: 'x', landmark: '=HYPERLINK("x")' });
    const csv = await api.exportCsv(a, { hasBalance: 'true' }, '/api/client/exportCsv');
    expect(csv.status).toBe(200);
    const rows = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^Prénom;Nom;Téléphone;Indicatif;/);
    expect(rows[1]).toContain('Awa;Ndiaye;77 123 45 67;221;');
    expect(rows[1]).toContain(`'=HYPERLINK`);
  });

  it('tags in bulk: adds without doubles, removes whatever the case, only the shop’s clients', async () => {
    const { fixture, a, awa, moussa } = await shopWithClients('Boutique Étiquettes');
    const added = await post(a, 'bulkTags', { clientIds: [awa, moussa], add: ['Fidèle', 'fidèle', 'Gros'] });
    expect(added.body).toEqual({ updated: 2 });
    expect((await get(a, 'get', { clientId: awa })).body.tags).toEqual(['Fidèle', 'Gros']);
    await post(a, 'bulkTags', { clientIds: [awa], remove: ['GROS'] });
    expect((await get(a, 'get', { clientId: awa })).body.tags).toEqual(['Fidèle']);
    const other = await createShopFixture(bed.database.db, 'Boutique Autre étiquettes');
    const stranger = await clientOf(as(other), 'Inconnu', '77 000 11 22');
    const refused = await post(a, 'bulkTags', { clientIds: [awa, stranger], add: ['X'] });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.clientIds).toBeTruthy();
    expect((await get(a, 'get', { clientId: awa })).body.tags).toEqual(['Fidèle']);
    expect(fixture.shop.id).not.toBe(other.shop.id);
  });
});

describe('one phone, one client', () => {
  it('makes one client of two creations of the same phone at once, typed two ways', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Doublons');
    const a = as(fixture);
    const answers = await Promise.all([
      api.createClient(a, { name: 'Khady Fall', phone: '77 444 33 22' }),
      api.createClient(as(fixture, 'seller'), { name: 'Khady F.', phone: '+221774443322' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    const refused = answers.find((r) => r.status === 422)!;
    expect(refused.body.error.details).toEqual({ phone: 'Un client de la boutique a déjà ce numéro.' });
    const stored = await bed.database.db.select().from(clients).where(eq(clients.shopId, fixture.shop.id));
    expect(stored.map((c) => c.phone)).toEqual(['+221774443322']);
  });

  it('makes one client of two orders taken at once for the same new phone', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Commandes Doublons');
    const a = as(fixture);
    const tea = await sellable(bed, a, 'Thé', 1000, { stock: 100 });
    const order = (name: string, phone: string) =>
      api.create(a, { newClient: { name, phone }, channel: 'whatsapp', lines: [line(tea.variantId, 1)] });
    const answers = await Promise.all([
      order('Ousmane Ba', '76 321 00 11'),
      order('Ousmane', '+221 763210011'),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const stored = await bed.database.db.select().from(clients).where(eq(clients.shopId, fixture.shop.id));
    expect(stored).toHaveLength(1);
    expect(answers.map((r) => r.body.clientId)).toEqual([stored[0]!.id, stored[0]!.id]);
    const [figures] = await executePrepared<{ orders_count: number }>(
      bed.database.db,
      sql`select orders_count from clients where id = ${stored[0]!.id}`,
    );
    expect(Number(figures?.orders_count)).toBe(2);
  });
});

describe('a client’s page', () => {
  it('shows the profile, the figures kept with every order, and the history newest first', async () => {
    const { a, awa, awaOrders } = await shopWithClients('Boutique Fiche');
    const page = (await get(a, 'get', { clientId: awa })).body;
    expect(page).toMatchObject({
      firstName: 'Awa',
      lastName: 'Ndiaye',
      phone: '+221771234567',
      balance: 3000,
      figures: { ordersCount: 2, totalSpent: 3000, averageBasket: 1500, firstChannel: 'phone' },
      consentSms: null,
      creditLimit: null,
    });
    const history = (await get(a, 'timeline', { clientId: awa, limit: '1' })).body;
    expect(history.items).toMatchObject([{ type: 'order', orderId: awaOrders[1].id, amount: 1000 }]);
    const rest = (await get(a, 'timeline', { clientId: awa, after: history.nextCursor })).body;
    expect(rest.items).toMatchObject([{ type: 'order', orderId: awaOrders[0].id }]);
    expect(rest.nextCursor).toBeNull();
  });

  it('changes only what is sent; consent is dated with its source; bad input names the field and changes nothing', async () => {
    const { a, awa, moussa } = await shopWithClients('Boutique Profil');
    const before = (await get(a, 'get', { clientId: awa })).body;
    const answer = await post(a, 'update', {
      clientId: awa,
      lastName: 'Ndiaye Diop',
      birthday: '29-02',
      consentWhatsapp: true,
      creditLimit: 50_000,
      landmark: 'Derrière la pharmacie',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      name: 'Awa Ndiaye Diop',
      birthday: '29-02',
      creditLimit: 50_000,
      landmark: 'Derrière la pharmacie',
      phone: before.phone,
      consentWhatsapp: { source: 'agent' },
    });
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ birthday: '31-02' }, 'birthday'],
      [{ phone: '12' }, 'phone'],
      [{ phone: '+221765554433' }, 'phone'],
      [{ creditLimit: -1 }, 'creditLimit'],
      [{ email: 'pas-un-email' }, 'email'],
      [{ phone2: 'abc' }, 'phone2'],
    ];
    for (const [body, field] of refusals) {
      const refused = await post(a, 'update', { clientId: awa, ...body });
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(plain(refused.body.error.details[field] ?? ''), field).not.toBe('');
    }
    expect((await get(a, 'get', { clientId: awa })).body).toEqual(answer.body);
    expect((await get(a, 'get', { clientId: moussa })).body.phone).toBe('+221765554433');
  });

  it('is the admin’s, supervisor’s and seller’s only, and only for their own shop’s clients', async () => {
    const { fixture, awa } = await shopWithClients('Boutique Rôles clients');
    for (const role of ['supervisor', 'seller'] as const)
      expect((await get(as(fixture, role), 'get', { clientId: awa })).status).toBe(200);
    for (const role of ['cashier', 'inventory-manager'] as const) {
      expect((await get(as(fixture, role), 'list')).status).toBe(403);
      expect((await post(as(fixture, role), 'update', { clientId: awa, notes: 'x' })).status).toBe(403);
      expect(
        (
          await post(as(fixture, role), '/api/order/payClientBalance', {
            clientId: awa,
            method: 'cash',
            amount: 1,
          })
        ).status,
      ).toBe(403);
    }
    const other = await createShopFixture(bed.database.db, 'Boutique Voisine clients');
    expect((await get(as(other), 'get', { clientId: awa })).status).toBe(404);
    expect((await get(as(other), 'timeline', { clientId: awa })).status).toBe(404);
    expect((await post(as(other), 'update', { clientId: awa, notes: 'x' })).status).toBe(404);
  });
});

describe('the ardoise', () => {
  it('takes a partial payment on the oldest unpaid order first, never more than owed', async () => {
    const { a, awa, awaOrders } = await shopWithClients('Boutique Ardoise');
    const pay = (amount: number) =>
      post(a, '/api/order/payClientBalance', { clientId: awa, method: 'wave', amount });
    const refused = await pay(3001);
    expect(refused.status).toBe(422);
    expect(plain(refused.body.error.details.amount)).toMatch(/dépasse l’ardoise du client \(3 000 FCFA\)/);
    const paid = await pay(2500);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toEqual({
      allocations: [
        { orderId: awaOrders[0].id, orderNumber: awaOrders[0].number, amount: 2000 },
        { orderId: awaOrders[1].id, orderNumber: awaOrders[1].number, amount: 500 },
      ],
      balance: 500,
    });
    expect((await api.get(a, awaOrders[0].id)).body.paymentStatus).toBe('paid');
    expect((await api.get(a, awaOrders[1].id)).body).toMatchObject({
      paymentStatus: 'partially_paid',
      paidAmount: 500,
    });
    expect((await get(a, 'get', { clientId: awa })).body.balance).toBe(500);
    const history = (await get(a, 'timeline', { clientId: awa })).body.items;
    expect(history.filter((e: { type: string }) => e.type === 'payment')).toHaveLength(2);
    expect((await pay(500)).body.balance).toBe(0);
    expect(plain((await pay(1)).body.error.details.amount)).toMatch(/n’a pas d’ardoise/);
  });
});

describe('the figures', () => {
  it('stay what the orders say after any mix of orders, payments, refunds, cancels and returns', async () => {
    const fixture: ShopFixture = await createShopFixture(bed.database.db, 'Boutique Chiffres');
    const a = as(fixture);
    const tea = await sellable(bed, a, 'Thé', 1000, { stock: 100_000 });
    const people = [await clientOf(a, 'Awa', '77 100 00 01'), await clientOf(a, 'Binta', '77 100 00 02')];
    const placed: Array<{ id: string; total: number }> = [];
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('order' as const),
        who: fc.nat(1),
        quantity: fc.integer({ min: 1, max: 4 }),
        paid: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('pay' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }),
      fc.record({
        kind: fc.constant('status' as const),
        pick: fc.nat(),
        to: fc.constantFrom('cancelled', 'returned', 'confirmed'),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 10 }), async (ops) => {
        for (const o of ops) {
          const target = placed.length ? placed[('pick' in o ? o.pick : 0) % placed.length]! : null;
          if (o.kind === 'order') {
            const answer = await api.create(a, {
              clientId: people[o.who],
              lines: [line(tea.variantId, o.quantity)],
              ...(o.paid ? { payment: { method: 'cash', amount: o.quantity * 1000 } } : {}),
            });
            expect(answer.status).toBe(200);
            placed.push({ id: answer.body.id, total: answer.body.total });
          } else if (target && o.kind === 'pay') await api.addPayment(a, target.id, 500);
          else if (target && o.kind === 'refund') await api.refund(a, target.id, { amount: 500 });
          else if (target && o.kind === 'status') await api.changeStatus(a, target.id, o.to);
        }
        for (const id of people) expect(await kept(id)).toEqual(await recomputed(fixture.shop.id, id));
      }),
      { numRuns: 4 },
    );
  });
});

describe('the credit limit and the reminder', () => {
  it('refuses a manual order that would take the ardoise past the limit, saying what to collect', async () => {
    const { a, tea, awa } = await shopWithClients('Boutique Plafond');
    await post(a, 'update', { clientId: awa, creditLimit: 4000 });
    const order = (quantity: number, paid = 0) =>
      api.create(a, {
        clientId: awa,
        lines: [line(tea.variantId, quantity)],
        ...(paid ? { payment: { method: 'cash', amount: paid } } : {}),
      });
    const refused = await order(2);
    expect(refused.status).toBe(422);
    expect(plain(refused.body.error.details['payment.amount'])).toBe(
      'Cette commande porterait l’ardoise de Awa Ndiaye à 5 000 FCFA, au-delà de son plafond de crédit (4 000 FCFA) : encaissez au moins 1 000 FCFA ou relevez son plafond.',
    );
    expect((await get(a, 'get', { clientId: awa })).body.figures.ordersCount).toBe(2);
    expect((await order(2, 1000)).status).toBe(200);
    // Up to the limit and no further.
    expect((await get(a, 'get', { clientId: awa })).body.balance).toBe(4000);
    expect((await order(1)).status).toBe(422);
    expect((await order(1, 1000)).status).toBe(200);
  });

  it('sends the ardoise by SMS, counted in the plan’s SMS, and refuses when nothing is owed', async () => {
    const { a, awa, moussa } = await shopWithClients('Boutique Rappel');
    const sent = await post(a, 'sendReminder', { clientId: awa });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({ phone: '+221771234567', balance: 3000 });
    // The gateway gets it from a background job, a moment later.
    const reminders = () =>
      fs
        .readFileSync(process.env.SMS_FILE_PATH!, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { to: string; body: string })
        .filter((m) => m.to === '+221771234567' && plain(m.body).startsWith('Boutique Rappel'));
    await vi.waitFor(() => expect(reminders()).toHaveLength(1), { timeout: 10_000, interval: 100 });
    expect(plain(reminders()[0]!.body)).toMatch(
      /Boutique Rappel : bonjour Awa, votre ardoise est de 3 000 FCFA \(commandes #\d+, #\d+\)/,
    );
    // The SMS as it left is on the client's history, newest first.
    const timeline = await get(a, 'timeline', { clientId: awa });
    expect(timeline.status).toBe(200);
    expect(timeline.body.items[0]).toMatchObject({
      type: 'message',
      orderId: null,
      detail: reminders()[0]!.body,
    });
    const nothing = await post(a, 'sendReminder', { clientId: moussa });
    expect(nothing.status).toBe(422);
    expect(plain(nothing.body.error.details.clientId)).toMatch(/pas d’ardoise/);
    const untouched = await get(a, 'timeline', { clientId: moussa });
    expect(untouched.body.items.map((e: { type: string }) => e.type)).not.toContain('message');
  });
});

describe('the avoir (store credit)', () => {
  it('is given by a refund, pays part of a later order, never more than held, only a client’s', async () => {
    const { a, tea, moussa } = await shopWithClients('Boutique Avoir');
    const first = (await api.list(a, { search: 'Moussa' })).body.items[0];
    const refund = await api.refund(a, first.id, { amount: 2000, method: 'store_credit' });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect((await get(a, 'get', { clientId: moussa })).body).toMatchObject({
      storeCredit: 2000,
      figures: { totalSpent: 3000, refundsTotal: 2000 },
    });
    const next = await api.create(a, {
      clientId: moussa,
      lines: [line(tea.variantId, 3)],
      payment: { method: 'store_credit', amount: 1500 },
    });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body).toMatchObject({ paidAmount: 1500, paymentStatus: 'partially_paid' });
    const over = await api.addPayment(a, next.body.id, 600, 'store_credit');
    expect(over.status).toBe(422);
    expect(plain(over.body.error.details.amount)).toBe(
      'L’avoir du client ne couvre pas ce montant (500 FCFA disponibles).',
    );
    expect((await api.addPayment(a, next.body.id, 500, 'store_credit')).status).toBe(200);
    expect((await get(a, 'get', { clientId: moussa })).body.storeCredit).toBe(0);
    const anonymous = await api.create(a, {
      lines: [line(tea.variantId, 1)],
      payment: { method: 'store_credit', amount: 500 },
    });
    expect(anonymous.status).toBe(422);
    expect(plain(anonymous.body.error.details['payment.amount'])).toMatch(
      /avoir ne paie que la commande d’un client/,
    );
  });
});

describe('clients made at two tills offline', () => {
  it('are one client after sync when they share a phone, whatever its form, with both credit sales on the ardoise', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Deux caisses');
    const a = as(fixture);
    const pagne = await sellable(bed, a, 'Pagne wax', 6000, { stock: 10 });
    const pos = posCalls(bed);
    const first = await firstTill(bed, a);
    const second = (await pos.createTill(a, 'Caisse 2')).body.id as string;
    const saleOn = async (tillId: string, phone: string) => {
      const open = ops.open(tillId, 0);
      const client = ops.client('Khady Sow', phone);
      const sale = ops.sale(open.sessionId, [{ variantId: pagne.variantId, quantity: 1, unitPrice: 6000 }], {
        clientOpId: client.id,
        payments: [{ method: 'cash', amount: 1000 }],
        isCredit: true,
      });
      return syncOk(bed, as(fixture, 'cashier'), tillId, [open, client, sale]);
    };
    const [, madeHere] = await saleOn(first, '77 123 45 67');
    const [, madeThere] = await saleOn(second, '+221771234567');
    expect(madeThere.clientId).toBe(madeHere.clientId);
    const page = (await get(a, 'get', { clientId: madeHere.clientId })).body;
    expect(page).toMatchObject({ balance: 10_000, figures: { ordersCount: 2, firstChannel: 'pos' } });
    expect((await get(a, 'count', { search: '77 123 45 67' })).body.count).toBe(1);
  });
});

describe('the relevé', () => {
  it('gives the opening balance, each order and payment with the balance after it, and the closing balance', async () => {
    const { a, awa, awaOrders } = await shopWithClients('Boutique Relevé');
    await post(a, '/api/order/payClientBalance', { clientId: awa, method: 'cash', amount: 2500 });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const statement = (await get(a, 'statement', { clientId: awa, from: day(-1), to: day(1) })).body;
    expect(statement).toMatchObject({
      openingBalance: 0,
      closingBalance: 500,
      client: { name: 'Awa Ndiaye' },
    });
    expect(
      statement.lines.map((l: { type: string; debit: number; credit: number; balance: number }) => [
        l.type,
        l.debit,
        l.credit,
        l.balance,
      ]),
    ).toEqual([
      ['order', 2000, 0, 2000],
      ['order', 1000, 0, 3000],
      ['payment', 0, 2000, 1000],
      ['payment', 0, 500, 500],
    ]);
    expect(statement.lines[0].orderNumber).toBe(awaOrders[0].number);
    const later = (await get(a, 'statement', { clientId: awa, from: day(2), to: day(3) })).body;
    expect(later).toMatchObject({ openingBalance: 500, lines: [], closingBalance: 500 });
    const backwards = await get(a, 'statement', { clientId: awa, from: day(1), to: day(-1) });
    expect(backwards.status).toBe(422);
    expect(backwards.body.error.details.to).toBeTruthy();
    expect((await get(a, 'statement', { clientId: awa, from: day(-400), to: day(0) })).status).toBe(422);
  });
});

describe('a merged client', () => {
  it('is the kept one for a till that still holds it, for a search and for an order by its number', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Caisse fusion');
    const a = as(fixture);
    const pagne = await sellable(bed, a, 'Pagne wax', 6000, { stock: 10 });
    const kept = await clientOf(a, 'Awa Ndiaye', '77 123 45 67');
    const gone = await clientOf(a, 'Awa N.', '78 123 45 67');
    expect((await post(a, 'merge', { keepId: kept, mergeId: gone })).status).toBe(200);
    const tillId = await firstTill(bed, a);
    const open = ops.open(tillId, 0);
    const sale = ops.sale(open.sessionId, [{ variantId: pagne.variantId, quantity: 1, unitPrice: 6000 }], {
      clientId: gone,
    });
    const [, sold] = await syncOk(bed, as(fixture, 'cashier'), tillId, [open, sale]);
    expect((await api.get(a, sold.orderId)).body.clientId).toBe(kept);
    expect((await get(a, 'get', { clientId: kept })).body.figures.ordersCount).toBe(1);
    // The merged number is the kept client's second phone: found by it, and an order by it is theirs.
    expect(
      (await get(a, 'list', { search: '78 123 45 67' })).body.items.map((c: { id: string }) => c.id),
    ).toEqual([kept]);
    const byPhone = await api.create(a, {
      lines: [line(pagne.variantId, 1)],
      newClient: { name: 'Awa', phone: '+221781234567' },
    });
    expect(byPhone.body.clientId).toBe(kept);
  });
});

describe('the history', () => {
  it('interleaves the team’s notes with the orders, payments and refunds', async () => {
    const { a, awa } = await shopWithClients('Boutique Historique');
    expect(
      (await post(a, 'addNote', { clientId: awa, text: 'Rappeler samedi pour la commande de tissu.' }))
        .status,
    ).toBe(200);
    const items = (await get(a, 'timeline', { clientId: awa })).body.items;
    expect(items[0]).toMatchObject({
      type: 'note',
      orderId: null,
      detail: 'Rappeler samedi pour la commande de tissu.',
    });
    expect(items.slice(1).map((e: { type: string }) => e.type)).toEqual(['order', 'order']);
  });
});

describe('the credit limit at the till', () => {
  it('takes a manager’s PIN past the limit; a sale made without one is kept and said on the order', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Plafond caisse');
    const a = as(fixture);
    const pos = posCalls(bed);
    const pagne = await sellable(bed, a, 'Pagne wax', 6000, { stock: 10 });
    const client = await clientOf(a, 'Khady Sow', '77 123 45 67');
    await post(a, 'update', { clientId: client, creditLimit: 8000 });
    expect((await pos.setPin(as(fixture, 'supervisor'), '5678')).status).toBe(200);
    const tillId = await firstTill(bed, a);
    const open = ops.open(tillId, 0);
    await syncOk(bed, as(fixture, 'cashier'), tillId, [open]);
    const onCredit = (extra: Record<string, unknown> = {}) =>
      ops.sale(open.sessionId, [{ variantId: pagne.variantId, quantity: 1, unitPrice: 6000 }], {
        clientId: client,
        payments: [],
        isCredit: true,
        ...extra,
      });
    const known = (
      await bed.server.call('GET', `/api/pos/clientCredit?shopId=${a.shopId}&clientId=${client}`, {
        token: as(fixture, 'cashier').token,
      })
    ).body;
    expect(known).toEqual({ balance: 0, creditLimit: 8000, storeCredit: 0, loyaltyPoints: 0 });
    // Within the limit: no PIN asked.
    const [first] = await syncOk(bed, as(fixture, 'cashier'), tillId, [onCredit()]);
    expect(
      (await api.get(a, first.orderId)).body.timeline.some((e: { type: string }) => e.type === 'note'),
    ).toBe(false);
    // Past it: a wrong PIN is refused; the right one approves.
    const [wrong] = (
      await pos.sync(as(fixture, 'cashier'), tillId, [onCredit({ approval: { pin: '0000' } })])
    ).body.results;
    expect(wrong).toMatchObject({
      status: 'rejected',
      error: { details: { 'approval.pin': 'Code PIN incorrect.' } },
    });
    await syncOk(bed, as(fixture, 'cashier'), tillId, [onCredit({ approval: { pin: '5678' } })]);
    // Made without (offline, on an older balance): kept, and the order says so.
    const [late] = await syncOk(bed, as(fixture, 'cashier'), tillId, [onCredit()]);
    const notes = (await api.get(a, late.orderId)).body.timeline.filter(
      (e: { type: string }) => e.type === 'note',
    );
    expect(plain(notes[0].data.note)).toBe(
      'Vente à crédit au-delà du plafond du client (8 000 FCFA) sans approbation : son ardoise passe à 18 000 FCFA.',
    );
    expect((await get(a, 'get', { clientId: client })).body.balance).toBe(18_000);
  });
});
