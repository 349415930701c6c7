import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '@/server/db/schema';
import { dayjs } from '@/shared/dayjs';
import { parseCsv } from '@/server/csv';
import { setupApiTestbed } from '../helpers/api-testbed';
import type { ShopFixture } from '../helpers/fixtures';
import {
  agentIdOf,
  as,
  createOrderOk,
  freshShop,
  insertOrderFor,
  line,
  orderCalls,
  sellable,
} from '../helpers/orders';

const bed = setupApiTestbed();
const api = orderCalls(bed);

/**
 * One shop with six orders, newest last:
 * 1001 admin/whatsapp Aïssatou, paid by Wave, confirmed, made on 10 March 2024
 * 1002 seller/phone Moussa, part paid cash, new
 * 1003 supervisor/manual no client, pending, cancelled
 * 1004 seller/facebook Aïssatou again (same phone), paid on delivery, shipping
 * 1005 admin/instagram no client, pending, new
 * 9001 the cashier's till sale, paid and handed over (written directly: cashiers cannot enter orders by hand)
 */
let shop: ShopFixture;
const ids: Record<number, string> = {};
const numbersOf = (body: { items: Array<{ number: number }> }) => body.items.map((o) => o.number);

beforeAll(async () => {
  shop = await freshShop(bed, 'Boutique Liste');
  const item = await sellable(bed, as(shop), 'Pagne', 1000, { stock: 100 });
  const aissatou = { name: 'Aïssatou Diop', phone: '77 123 45 67' };
  const bodies: Array<[keyof ShopFixture['members'], Record<string, unknown>]> = [
    [
      'admin',
      {
        channel: 'whatsapp',
        lines: [line(item.variantId, 5)],
        newClient: aissatou,
        payment: { method: 'wave', amount: 5000 },
      },
    ],
    [
      'seller',
      {
        channel: 'phone',
        lines: [line(item.variantId, 3)],
        newClient: { name: 'Moussa Ndiaye', phone: '+221 76 555 44 33' },
        payment: { method: 'cash', amount: 1000 },
      },
    ],
    ['supervisor', { channel: 'manual', lines: [line(item.variantId, 2)] }],
    [
      'seller',
      {
        channel: 'facebook',
        lines: [line(item.variantId, 4)],
        newClient: { ...aissatou, phone: '+221771234567' },
        payment: { method: 'cod', amount: 4000 },
      },
    ],
    ['admin', { channel: 'instagram', lines: [line(item.variantId, 1)] }],
  ];
  for (const [role, body] of bodies) {
    const order = await createOrderOk(bed, as(shop, role), body);
    ids[order.number] = order.id;
  }
  await api.changeStatus(as(shop), ids[1001]!, 'confirmed');
  await api.changeStatus(as(shop), ids[1003]!, 'cancelled');
  await api.changeStatus(as(shop), ids[1004]!, 'shipping');
  await bed.database.db
    .update(orders)
    .set({ createdAt: new Date('2024-03-10T12:00:00Z') })
    .where(eq(orders.id, ids[1001]!));
  ids[9001] = await insertOrderFor(bed, shop, shop.members.cashier, item, 9001);
});

describe('GET /api/order/list', () => {
  it('lists newest first and filters by status, payment, channel, method, dates and agent', async () => {
    const a = as(shop);
    const all = await api.list(a);
    expect(all.status).toBe(200);
    expect(numbersOf(all.body)).toEqual([9001, 1005, 1004, 1003, 1002, 1001]);
    expect(all.body.nextCursor).toBeNull();
    expect(all.body.items[5]).toMatchObject({
      id: ids[1001],
      channel: 'whatsapp',
      clientName: 'Aïssatou Diop',
      clientPhone: '+221771234567',
      fulfilmentStatus: 'confirmed',
      paymentStatus: 'paid',
      total: 5000,
      createdByUserId: shop.members.admin.user.id,
    });
    // Aïssatou's second order found her by phone: one client, two orders.
    expect(all.body.items[2].clientId).toBe(all.body.items[5].clientId);

    const cases: Array<[Record<string, string>, number[]]> = [
      [{ fulfilment: 'new' }, [1005, 1002]],
      [{ fulfilment: 'new,confirmed' }, [1005, 1002, 1001]],
      [{ fulfilment: 'cancelled' }, [1003]],
      [{ payment: 'paid' }, [9001, 1004, 1001]],
      [{ payment: 'pending,partially_paid' }, [1005, 1003, 1002]],
      [{ fulfilment: 'new', payment: 'pending' }, [1005]],
      [{ channel: 'phone' }, [1002]],
      [{ channel: 'pos' }, [9001]],
      [{ method: 'wave' }, [1001]],
      [{ method: 'cod' }, [1004]],
      [{ method: 'card' }, []],
      // The « Agent » filter takes a team member's agent id, or their user id (the rows of
      // Statistiques' « Par agent »); another shop's member finds nothing either way.
      [{ agentId: await agentIdOf(bed, shop, 'seller') }, [1004, 1002]],
      [{ agentId: await agentIdOf(bed, shop, 'cashier') }, [9001]],
      [{ agentId: shop.members.seller.user.id }, [1004, 1002]],
      [{ agentId: await agentIdOf(bed, bed.awa, 'seller') }, []],
      [{ agentId: bed.awa.members.seller.user.id }, []],
      [{ from: '2024-03-10', to: '2024-03-10' }, [1001]],
      [{ from: '2024-03-11', to: '2024-03-31' }, []],
      [{ to: '2024-03-09' }, []],
      [{ from: dayjs().tz(shop.shop.timeZone).format('YYYY-MM-DD') }, [9001, 1005, 1004, 1003, 1002]],
      [{ from: '2024-01-01', channel: 'whatsapp', payment: 'paid' }, [1001]],
    ];
    for (const [params, expected] of cases) {
      const answer = await api.list(a, params);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(numbersOf(answer.body), JSON.stringify(params)).toEqual(expected);
      expect((await api.count(a, params)).body, JSON.stringify(params)).toEqual({
        count: expected.length,
        isCapped: false,
      });
    }
    for (const bad of [
      { fulfilment: 'perdue' },
      { channel: 'telegram' },
      { from: '10/03/2024' },
      { limit: 0 },
    ]) {
      const answer = await api.list(a, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(422);
      expect(Object.keys(answer.body.error.details)[0]).toMatch(new RegExp(`^${Object.keys(bad)[0]}`));
    }
  });

  it('searches by number, client name (accents ignored) and phone in any form', async () => {
    const a = as(shop);
    const cases: Array<[string, number[]]> = [
      ['1001', [1001]],
      ['#1001', [1001]],
      ['#1004', [1004]],
      ['aissatou', [1004, 1001]],
      ['AÏSSATOU diop', [1004, 1001]],
      ['ndiaye', [1002]],
      ['77 123 45 67', [1004, 1001]],
      ['771234567', [1004, 1001]],
      ['77123', [1004, 1001]],
      ['+221771234567', [1004, 1001]],
      ['+221 76 555 44 33', [1002]],
      ['inconnu', []],
      ['%', []],
    ];
    for (const [search, expected] of cases) {
      const answer = await api.list(a, { search });
      expect(numbersOf(answer.body), search).toEqual(expected);
      expect((await api.count(a, { search })).body.count, search).toBe(expected.length);
    }
  });

  it('« #number » finds that order only, not phones containing the digits', async () => {
    const other = await freshShop(bed, 'Boutique Numéro Ou Téléphone');
    const item = await sellable(bed, as(other), 'Savon', 500, { stock: 10 });
    await createOrderOk(bed, as(other), { lines: [line(item.variantId)] });
    await createOrderOk(bed, as(other), {
      lines: [line(item.variantId)],
      newClient: { name: 'Ousmane Fall', phone: '77 100 10 01' },
    });
    expect(numbersOf((await api.list(as(other), { search: '#1001' })).body)).toEqual([1001]);
  });

  it('finds part of a phone typed with spaces', async () => {
    expect(numbersOf((await api.list(as(shop), { search: '77 123' })).body)).toEqual([1004, 1001]);
  });

  it('pages with a cursor, without overlap or missing rows', async () => {
    const a = as(shop);
    const all = numbersOf((await api.list(a)).body);
    for (const limit of [1, 2, 4]) {
      const seen: number[] = [];
      let after: string | undefined;
      for (let page = 0; page < 10; page++) {
        const answer = await api.list(a, { limit, after });
        expect(answer.body.items.length).toBeLessThanOrEqual(limit);
        seen.push(...numbersOf(answer.body));
        after = answer.body.nextCursor ?? undefined;
        if (!after) break;
        expect(after).toBe(answer.body.items.at(-1).id);
      }
      expect(seen, `limit ${limit}`).toEqual(all);
    }
    // A filtered list pages the same way.
    const first = await api.list(a, { fulfilment: 'new,confirmed,shipping', limit: 2 });
    expect(numbersOf(first.body)).toEqual([1005, 1004]);
    const second = await api.list(a, {
      fulfilment: 'new,confirmed,shipping',
      limit: 2,
      after: first.body.nextCursor,
    });
    expect(numbersOf(second.body)).toEqual([1002, 1001]);
    expect(second.body.nextCursor).toBeNull();
  });
});

describe('GET /api/order/exportCsv', () => {
  const HEADER =
    'Numéro;Date;Canal;Client;Téléphone;Indicatif;Quartier;Commune;Ville;Indications de livraison;Statut;Paiement;Moyens de paiement;Sous-total;Remises;Livraison;Total;Payé;Remboursé;Agent;Ticket local;Facture';

  function rowsOf(text: string): Array<Record<string, string>> {
    const [header, ...rows] = parseCsv(text).records;
    return rows.map((r) => Object.fromEntries(header!.fields.map((h, i) => [h, r.fields[i] ?? ''])));
  }

  it('sends the filtered orders with a French header row, one line each', async () => {
    const answer = await api.exportCsv(as(shop), { fulfilment: 'new,confirmed' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.headers.get('content-disposition')).toMatch(/filename="commandes-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(answer.text.startsWith('\uFEFF')).toBe(true);
    const lines = answer.text.slice(1).split(/\r?\n/).filter(Boolean);
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(4);
    const rows = rowsOf(answer.text.slice(1));
    expect(rows.map((r) => r['Numéro'])).toEqual(['1005', '1002', '1001']);
    expect(rows[2]).toEqual({
      Numéro: '1001',
      Date: '10-03-2024, 12:00',
      Canal: 'WhatsApp',
      Client: 'Aïssatou Diop',
      // As the country writes it (a spreadsheet keeps it as text), the calling code apart and
      // guarded against formula injection, as every cell starting with « + ».
      Téléphone: '77 123 45 67',
      Indicatif: '221',
      Quartier: '',
      Commune: '',
      Ville: '',
      'Indications de livraison': '',
      Statut: 'Confirmée',
      Paiement: 'Payée',
      'Moyens de paiement': 'Wave',
      'Sous-total': '5000',
      Remises: '0',
      Livraison: '0',
      Total: '5000',
      Payé: '5000',
      Remboursé: '0',
      Agent: 'Admin Utilisateur',
      'Ticket local': '',
      Facture: '',
    });
    expect(rows[1]).toMatchObject({
      Canal: 'Téléphone',
      Statut: 'Nouvelle',
      Paiement: 'Partiellement payée',
    });

    const everything = rowsOf((await api.exportCsv(as(shop), { separator: 'comma' })).text.slice(1));
    expect(everything.map((r) => r['Numéro'])).toEqual(['9001', '1005', '1004', '1003', '1002', '1001']);
    const searched = rowsOf((await api.exportCsv(as(shop), { search: '77 123 45 67' })).text.slice(1));
    expect(searched.map((r) => r['Numéro'])).toEqual(['1004', '1001']);
  });

  it('gives a cashier only their own sales, and an outsider nothing', async () => {
    const cashier = await api.exportCsv(as(shop, 'cashier'));
    expect(cashier.status).toBe(200);
    expect(rowsOf(cashier.text.slice(1)).map((r) => [r['Numéro'], r['Agent']])).toEqual([
      ['9001', 'cashier Utilisateur'],
    ]);
    expect((await api.exportCsv({ token: bed.other.members.admin.token, shopId: shop.shop.id })).status).toBe(
      404,
    );
    expect((await api.exportCsv({ token: undefined, shopId: shop.shop.id })).status).toBe(401);
  });
});

describe('saved views', () => {
  it('saves, lists only one’s own, and deletes; another user’s view is not found', async () => {
    const admin = as(shop);
    const seller = as(shop, 'seller');
    const saved = await api.saveView(admin, '  WhatsApp payées ', { channel: 'whatsapp', payment: ['paid'] });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      id: expect.any(String),
      name: 'WhatsApp payées',
      filters: { channel: 'whatsapp', payment: ['paid'] },
    });
    const mine = await api.saveView(seller, 'Mes nouvelles', {
      fulfilment: ['new'],
      agentId: shop.members.seller.user.id,
    });
    expect(mine.status).toBe(200);
    expect((await api.views(admin)).body).toEqual({ items: [saved.body] });
    expect((await api.views(seller)).body.items.map((v: { name: string }) => v.name)).toEqual([
      'Mes nouvelles',
    ]);
    expect((await api.views(as(shop, 'cashier'))).body).toEqual({ items: [] });
    // Another shop's views are its own.
    expect((await api.views(as(bed.awa))).body).toEqual({ items: [] });

    const stolen = await api.deleteView(seller, saved.body.id);
    expect(stolen.status).toBe(404);
    expect(stolen.body.error).toEqual({ code: 'NOT_FOUND', message: 'La vue est introuvable.' });
    expect((await api.views(admin)).body.items).toHaveLength(1);
    expect((await api.deleteView(admin, saved.body.id)).body).toEqual({ ok: true });
    expect((await api.views(admin)).body).toEqual({ items: [] });
    expect((await api.deleteView(admin, saved.body.id)).status).toBe(404);

    const badName = await api.saveView(admin, '', {});
    expect(Object.keys(badName.body.error.details)).toEqual(['name']);
    const badFilter = await api.saveView(admin, 'Mauvais', { fulfilment: ['perdue'] });
    expect(badFilter.status).toBe(422);
    for (let i = 1; i <= 20; i++) expect((await api.saveView(admin, `Vue ${i}`, {})).status).toBe(200);
    const tooMany = await api.saveView(admin, 'Vue 21', {});
    expect(tooMany.status).toBe(422);
    expect(Object.keys(tooMany.body.error.details)).toEqual(['name']);
  });
});
