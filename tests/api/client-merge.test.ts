import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, orders } from '@/server/db/schema';
import { clientFiguresQuery } from '@/features/order/server/client-figures';
import { clientEventsForTimeline, findMergedInto } from '@/features/customer/server/client-events';
import { setupApiTestbed } from '../helpers/api-testbed';
import { uniquePhone } from '../helpers/fixtures';
import { as, createOrderOk, line, orderCalls, sellable, type Actor } from '../helpers/orders';

const bed = setupApiTestbed();
const api = orderCalls(bed);
const admin = () => as(bed.awa);

const post = (path: string, a: Actor, body: Record<string, unknown>) =>
  bed.server.call('POST', path, { token: a.token, body: { shopId: a.shopId, ...body } });
const get = (path: string, a: Actor, params: Record<string, string>) =>
  bed.server.call('GET', `${path}?${new URLSearchParams({ shopId: a.shopId, ...params }).toString()}`, {
    token: a.token,
  });
const merge = (a: Actor, keepId: string, mergeId: string) =>
  post('/api/client/merge', a, { keepId, mergeId });

async function newClient(a: Actor, name: string, phone = uniquePhone()): Promise<string> {
  const answer = await api.createClient(a, { name, phone });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.id as string;
}

async function clientRow(id: string) {
  const [row] = await bed.database.db.select().from(clients).where(eq(clients.id, id));
  return row;
}

/** The figures as the order module defines them, computed now from the orders. */
async function recomputed(shopId: string, clientId: string) {
  const result = (await bed.database.db.execute(clientFiguresQuery(shopId, clientId))) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const [row] = result.rows;
  return {
    ordersCount: Number(row!.orders_count),
    totalSpent: Number(row!.total_spent),
    refundsTotal: Number(row!.refunds_total),
    balance: Number(row!.balance),
    returnedCount: Number(row!.returned_count),
  };
}

describe('POST /api/client/merge', () => {
  it('carries orders, balance, store credit, tags, notes and consents; figures exact; on the timeline', async () => {
    const robe = await sellable(bed, admin(), 'Robe fusion', 5000, { stock: 100 });
    const keepPhone = uniquePhone();
    const mergePhone = uniquePhone();
    const keepId = await newClient(admin(), 'Awa Diop', keepPhone);
    const mergeId = await newClient(admin(), 'Awa D.', mergePhone);
    await post('/api/client/update', admin(), {
      clientId: keepId,
      tags: ['VIP', 'Dakar'],
      notes: 'Préfère le matin',
      consentWhatsapp: true,
      creditLimit: null,
    });
    await post('/api/client/update', admin(), {
      clientId: mergeId,
      tags: ['vip', 'Grossiste'],
      notes: 'Livrer à Pikine',
      consentSms: true,
      email: 'awa@example.com',
      commune: 'Pikine',
      creditLimit: 20000,
    });
    // An older consent on the merged client wins for SMS; the kept one keeps its WhatsApp one.
    const oldConsent = new Date('2025-01-02T10:00:00Z');
    await bed.database.db
      .update(clients)
      .set({ consentSmsAt: oldConsent, consentSmsSource: 'till', storeCredit: 1500 })
      .where(eq(clients.id, mergeId));
    await bed.database.db.update(clients).set({ storeCredit: 700 }).where(eq(clients.id, keepId));

    await createOrderOk(bed, admin(), { channel: 'manual', lines: [line(robe.variantId)], clientId: keepId });
    const unpaid = await createOrderOk(bed, admin(), {
      channel: 'whatsapp',
      lines: [line(robe.variantId, 2)],
      clientId: mergeId,
      payment: { method: 'cash', amount: 4000 },
    });
    const cancelled = await createOrderOk(bed, admin(), {
      channel: 'instagram',
      lines: [line(robe.variantId)],
      clientId: mergeId,
    });
    expect((await api.changeStatus(admin(), cancelled.id, 'cancelled')).status).toBe(200);
    await post('/api/client/addNote', admin(), { clientId: mergeId, text: 'A appelé pour un retour' });

    const answer = await merge(admin(), keepId, mergeId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.ordersMoved).toBe(2);
    const client = answer.body.client;
    expect(client).toMatchObject({
      id: keepId,
      name: 'Awa Diop',
      phone: keepPhone,
      phone2: mergePhone,
      email: 'awa@example.com',
      commune: 'Pikine',
      tags: ['VIP', 'Dakar', 'Grossiste'],
      notes: 'Préfère le matin\n\nLivrer à Pikine',
      storeCredit: 2200,
      creditLimit: 20000,
      ordersCount: 2,
      totalSpent: 15000,
      balance: 11000, // 5 000 of the kept client's own order, 6 000 left on the merged one's
      consentSms: { at: oldConsent.toISOString(), source: 'till' },
      consentWhatsapp: { source: 'agent' },
    });
    expect(client.figures.firstChannel).toBe('manual');

    // The merged client is gone; no order points to it; the orders keep the name they were taken under.
    expect(await clientRow(mergeId)).toBeUndefined();
    const moved = await bed.database.db.select().from(orders).where(eq(orders.id, unpaid.id));
    expect(moved[0]).toMatchObject({ clientId: keepId, clientName: 'Awa D.', clientPhone: mergePhone });
    const row = await clientRow(keepId);
    expect({
      ordersCount: row!.ordersCount,
      totalSpent: row!.totalSpent,
      refundsTotal: row!.refundsTotal,
      balance: row!.balance,
      returnedCount: row!.returnedCount,
    }).toEqual(await recomputed(bed.awa.shop.id, keepId));

    // The ardoise can be paid on the kept client; the merge and the merged client's note are on its page.
    const paid = await post('/api/order/payClientBalance', admin(), {
      clientId: keepId,
      method: 'cash',
      amount: 11000,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const events = await get('/api/client/events', admin(), { clientId: keepId });
    expect(events.status).toBe(200);
    expect(events.body.items.map((e: { type: string }) => e.type)).toEqual(['merge', 'note']);
    expect(events.body.items[0].text).toBe(
      `Fusionné avec Awa D. (${mergePhone})\u00a0: 2 commandes reprises.`,
    );
    expect(events.body.items[0].userId).toBe(bed.awa.members.admin.user.id);
    // An old id (a till's copy) finds the client it became.
    expect(await findMergedInto(bed.database.db, bed.awa.shop.id, mergeId)).toBe(keepId);
    expect(await findMergedInto(bed.database.db, bed.other.shop.id, mergeId)).toBeNull();

    // The rows the order timeline can union with its own (same columns and types).
    const union = (await bed.database.db.execute(sql`select e.* from (
        select o.id, 'order' as type, o.created_at as at, o.id as order_id, o.number as order_number,
          o.total as amount, o.channel as detail
        from orders o where o.shop_id = ${bed.awa.shop.id} and o.client_id = ${keepId}
        union all ${clientEventsForTimeline(bed.awa.shop.id, keepId)}
      ) e order by e.at desc, e.id desc`)) as unknown as { rows: Array<{ type: string; detail: string }> };
    expect(union.rows.map((r) => r.type)).toEqual(['merge', 'note', 'order', 'order', 'order']);
    expect(union.rows[0]!.detail).toBe('Fusion avec Awa D.');
  });

  it('merges a client holding credit and owing money into one without any, both ways', async () => {
    const robe = await sellable(bed, admin(), 'Pagne', 3000, { stock: 100 });
    const keepId = await newClient(admin(), 'Moussa Ba');
    const mergeId = await newClient(admin(), 'Moussa');
    await createOrderOk(bed, admin(), {
      channel: 'manual',
      lines: [line(robe.variantId, 3)],
      clientId: mergeId,
    });
    // The limit lowered below what is owed already (an order would now be refused).
    await bed.database.db
      .update(clients)
      .set({ storeCredit: 9000, creditLimit: 1000 })
      .where(eq(clients.id, mergeId));
    const answer = await merge(as(bed.awa, 'seller'), keepId, mergeId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // Over the limit carried over, and still merged: a merge is never refused for money.
    expect(answer.body.client).toMatchObject({
      storeCredit: 9000,
      balance: 9000,
      creditLimit: 1000,
      ordersCount: 1,
    });
  });

  it('two merges of the same pair at once, crossed: one merges, the other finds its client gone', async () => {
    const a = await newClient(admin(), 'Binta Kane');
    const b = await newClient(admin(), 'Binta K.');
    await bed.database.db.update(clients).set({ storeCredit: 400 }).where(eq(clients.id, a));
    await bed.database.db.update(clients).set({ storeCredit: 600 }).where(eq(clients.id, b));
    const answers = await Promise.all([merge(admin(), a, b), merge(admin(), b, a)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    const kept = answers.find((r) => r.status === 200)!.body.client;
    expect(kept.storeCredit).toBe(1000);
    expect([await clientRow(a), await clientRow(b)].filter(Boolean)).toHaveLength(1);
  });

  it('refuses the same client twice, unknown or foreign clients, the wrong role and the wrong shop, changing nothing', async () => {
    const a = await newClient(admin(), 'Fatou Sow');
    const b = await newClient(admin(), 'Fatou S.');
    const foreign = await newClient(as(bed.other), 'Chez autre');

    const same = await merge(admin(), a, a);
    expect(same.status).toBe(422);
    expect(same.body.error.details.mergeId).toMatch(/autre client/);

    const across = await merge(admin(), a, foreign);
    expect(across.status).toBe(422);
    expect(across.body.error.details.mergeId).toBe('Ce client n’existe pas dans la boutique.');
    const unknownKeep = await merge(admin(), 'nope', b);
    expect(unknownKeep.status).toBe(422);
    expect(unknownKeep.body.error.details.keepId).toBe('Ce client n’existe pas dans la boutique.');

    const missing = await post('/api/client/merge', admin(), { keepId: a });
    expect(missing.status).toBe(422);
    expect(missing.body.error.details).toHaveProperty('mergeId');

    for (const role of ['cashier', 'inventory-manager'] as const)
      expect((await merge(as(bed.awa, role), a, b)).status).toBe(403);
    // Someone of another shop naming this one: the shop is not theirs.
    expect(
      (await merge({ token: bed.other.members.admin.token, shopId: bed.awa.shop.id }, a, b)).status,
    ).toBe(404);

    expect(await clientRow(a)).toBeDefined();
    expect(await clientRow(b)).toBeDefined();
    expect(await clientRow(foreign)).toBeDefined();
  });
});

describe('POST /api/client/addNote and GET /api/client/events', () => {
  it('adds a note to the timeline; refuses an empty note, a foreign client, the wrong role', async () => {
    const id = await newClient(admin(), 'Ndeye Fall');
    const added = await post('/api/client/addNote', as(bed.awa, 'supervisor'), {
      clientId: id,
      text: ' Rappeler lundi ',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({ type: 'note', text: 'Rappeler lundi' });

    const empty = await post('/api/client/addNote', admin(), { clientId: id, text: '  ' });
    expect(empty.status).toBe(422);
    expect(empty.body.error.details).toHaveProperty('text');
    expect((await post('/api/client/addNote', as(bed.other), { clientId: id, text: 'x' })).status).toBe(404);
    expect(
      (await post('/api/client/addNote', as(bed.awa, 'cashier'), { clientId: id, text: 'x' })).status,
    ).toBe(403);
    expect((await get('/api/client/events', as(bed.other), { clientId: id })).status).toBe(404);

    const events = await get('/api/client/events', admin(), { clientId: id, limit: '1' });
    expect(events.body.items).toHaveLength(1);
    expect(events.body.nextCursor).toBeNull();
    const rows = await bed.database.db
      .select()
      .from(clients)
      .where(and(eq(clients.id, id)));
    expect(rows).toHaveLength(1);
  });
});
