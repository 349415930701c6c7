import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '@/server/db/schema';
import { setupApiTestbed } from '../helpers/api-testbed';
import type { ShopFixture } from '../helpers/fixtures';
import {
  as,
  createOrderOk,
  freshShop,
  insertOrderFor,
  line,
  orderCalls,
  sellable,
  type Actor,
} from '../helpers/orders';

const bed = setupApiTestbed();
const api = orderCalls(bed);

const issue = (a: Actor, orderIds: string[]) =>
  bed.server.call('POST', '/api/order/issueInvoices', {
    token: a.token,
    body: { shopId: a.shopId, orderIds },
  });

async function shopWithOrders(name: string, count: number) {
  const shop = await freshShop(bed, name);
  const item = await sellable(bed, as(shop), 'Pagne', 1000, { stock: 1000 });
  const made: string[] = [];
  for (let i = 0; i < count; i++)
    made.push((await createOrderOk(bed, as(shop), { lines: [line(item.variantId, 1)] })).id);
  return { shop, item, ids: made };
}

async function invoiceNumbers(shop: ShopFixture): Promise<number[]> {
  const rows = await bed.database.db
    .select({ n: orders.invoiceNumber })
    .from(orders)
    .where(eq(orders.shopId, shop.shop.id));
  return rows.flatMap((r) => (r.n === null ? [] : [r.n])).sort((a, b) => a - b);
}

describe('POST /api/order/issueInvoices', () => {
  it('numbers an invoice on first issue, per shop, and gives the same number and date ever after', async () => {
    const { shop, ids } = await shopWithOrders('Boutique Factures', 4);
    const first = await issue(as(shop, 'seller'), [ids[1]!]);
    expect(first.status).toBe(200);
    expect(first.body.items).toEqual([
      { orderId: ids[1], invoice: { number: 'FAC-000001', issuedAt: expect.any(String) }, refusal: null },
    ]);
    // Printed again: the same invoice.
    expect((await issue(as(shop), [ids[1]!])).body).toEqual(first.body);
    expect((await api.get(as(shop), ids[1]!)).body.invoice).toEqual(first.body.items[0].invoice);
    expect((await api.get(as(shop), ids[0]!)).body.invoice).toBeNull();

    // A cancelled order gets none and takes no number; several at once follow their order numbers.
    await api.changeStatus(as(shop), ids[2]!, 'cancelled');
    const several = (await issue(as(shop), [ids[3]!, ids[2]!, ids[0]!, 'inconnue', ids[3]!])).body.items;
    expect(
      several.map((i: { orderId: string; invoice: { number: string } | null; refusal: string | null }) => [
        i.orderId,
        i.invoice?.number ?? null,
        i.refusal,
      ]),
    ).toEqual([
      [ids[3], 'FAC-000003', null],
      [ids[2], null, 'Commande annulée\u00a0: elle n’a pas de facture.'],
      [ids[0], 'FAC-000002', null],
      ['inconnue', null, 'La commande est introuvable.'],
    ]);
    expect(await invoiceNumbers(shop)).toEqual([1, 2, 3]);

    // Another shop starts its own series, and cannot reach these orders.
    const other = await shopWithOrders('Boutique Factures Voisine', 1);
    expect((await issue(as(other.shop), [other.ids[0]!])).body.items[0].invoice.number).toBe('FAC-000001');
    expect((await issue(as(other.shop), [ids[0]!])).body.items[0].refusal).toBe(
      'La commande est introuvable.',
    );
    expect(
      (await issue({ token: other.shop.members.admin.token, shopId: shop.shop.id }, [ids[0]!])).status,
    ).toBe(404);
  });

  it('lets a cashier issue only their own sales, and checks the body', async () => {
    const { shop, item, ids } = await shopWithOrders('Boutique Factures Caisse', 1);
    const sale = await insertOrderFor(bed, shop, shop.members.cashier, item, 9001);
    const items = (await issue(as(shop, 'cashier'), [sale, ids[0]!])).body.items;
    expect(items[0].invoice.number).toBe('FAC-000001');
    expect(items[1].refusal).toBe('La commande est introuvable.');
    const empty = await issue(as(shop), []);
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.error.details)).toEqual(['orderIds']);
    expect((await issue({ token: undefined, shopId: shop.shop.id }, [sale])).status).toBe(401);
  });

  it('never gives one number twice nor leaves a gap, however many issue at once', async () => {
    const { shop, ids } = await shopWithOrders('Boutique Factures Simultanées', 12);
    // Each order asked for by two requests at once, alone and within overlapping batches.
    const requests = [
      ...ids.map((id) => issue(as(shop), [id])),
      ...ids.map((id) => issue(as(shop, 'supervisor'), [id])),
      issue(as(shop, 'seller'), ids.slice(0, 6)),
      issue(as(shop), ids.slice(4)),
    ];
    const answers = await Promise.all(requests);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const given = new Map<string, string>();
    for (const answer of answers)
      for (const item of answer.body.items as Array<{ orderId: string; invoice: { number: string } }>) {
        const known = given.get(item.orderId);
        if (known) expect(item.invoice.number, item.orderId).toBe(known);
        else given.set(item.orderId, item.invoice.number);
      }
    expect(given.size).toBe(12);
    expect(new Set(given.values()).size).toBe(12);
    expect(await invoiceNumbers(shop)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
});
