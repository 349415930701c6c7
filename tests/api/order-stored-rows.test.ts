import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  orderLines,
  orderPayments,
  orders,
  posPayments,
  posSales,
  productVariants,
  products,
} from '@/server/db/schema';
import { newId } from '@/server/ids';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture, type ShopFixture } from '../helpers/fixtures';
import { as, orderCalls, sellable, variantStock } from '../helpers/orders';
import { firstTill, ops, posCalls, syncOk } from '../helpers/pos';

/**
 * Issue 15, item 1: rows written before the bounds, far past them (the till's credit sale of
 * 100 000 units at 10^12 FCFA, an order near bigint's limit), must not make any read fail. Reads
 * show such figures as stored (to the nearest double); nothing answers 500.
 */
const bed = setupApiTestbed();
const api = orderCalls(bed);
const pos = posCalls(bed);

const HUGE = 100_000 * 1_000_000_000_000; // 10^17: past 2^53, as the sale
const NEAR_BIGINT_MAX = 9_000_000_000_000_000_000;

/** An order (its line, its payment) written straight into the tables, as older code could. */
async function storeOrder(
  fixture: ShopFixture,
  item: { productId: string; variantId: string },
  row: { number: number; status: string; unitPrice: number; total: number; paid: number; stockTaken: number },
) {
  const id = newId();
  const shopId = fixture.shop.id;
  await bed.database.db.insert(orders).values({
    id,
    shopId,
    number: row.number,
    channel: row.status === 'delivered' ? 'pos' : 'manual',
    fulfilmentStatus: row.status,
    paymentStatus: row.paid > 0 ? 'partially_paid' : 'pending',
    subtotal: row.total,
    total: row.total,
    paidAmount: row.paid,
    searchText: String(row.number),
    createdByUserId: fixture.members.cashier.user.id,
  });
  await bed.database.db.insert(orderLines).values({
    id: newId(),
    shopId,
    orderId: id,
    variantId: item.variantId,
    productId: item.productId,
    productName: 'Tôle ondulée',
    unitPrice: row.unitPrice,
    quantity: 100_000,
    total: row.total,
    stockTaken: row.stockTaken,
  });
  if (row.paid > 0)
    await bed.database.db.insert(orderPayments).values({
      id: newId(),
      shopId,
      orderId: id,
      method: 'cash',
      amount: row.paid,
      createdByUserId: fixture.members.cashier.user.id,
    });
  return id;
}

describe('rows stored past the bounds', () => {
  it('never make a read fail: list, count, home, order page, CSV export, Z report, cancelling', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Héritée');
    const admin = as(fixture);
    const tillId = await firstTill(bed, admin);
    const open = ops.open(tillId, 10_000);
    await syncOk(bed, as(fixture, 'cashier'), tillId, [open]);
    const item = await sellable(bed, admin, 'Tôle ondulée', 5000, { stock: 3 });

    // The till's credit sale: 100 000 units taken (stock −99 997), half paid in cash.
    const sale = await storeOrder(fixture, item, {
      number: 1001,
      status: 'delivered',
      unitPrice: 1_000_000_000_000,
      total: HUGE,
      paid: HUGE / 2,
      stockTaken: 100_000,
    });
    await bed.database.db
      .update(productVariants)
      .set({ stock: -99_997 })
      .where(eq(productVariants.id, item.variantId));
    await bed.database.db
      .update(products)
      .set({ stockTotal: -99_997 })
      .where(eq(products.id, item.productId));
    await bed.database.db.insert(posSales).values({
      orderId: sale,
      shopId: fixture.shop.id,
      tillId,
      sessionId: open.sessionId,
      opId: 'op-heritee-0001',
      soldAt: new Date(),
      creditAmount: HUGE / 2,
    });
    await bed.database.db.insert(posPayments).values({
      id: newId(),
      shopId: fixture.shop.id,
      sessionId: open.sessionId,
      orderId: sale,
      kind: 'sale',
      method: 'cash',
      amount: HUGE / 2,
      createdAt: new Date(),
    });
    // And an order near bigint's limit: the day's sum passes it (PostgreSQL sums it as numeric).
    const pending = await storeOrder(fixture, item, {
      number: 1002,
      status: 'new',
      unitPrice: NEAR_BIGINT_MAX / 100_000,
      total: NEAR_BIGINT_MAX,
      paid: 0,
      stockTaken: 0,
    });

    const list = await api.list(admin);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(
      list.body.items.map((o: { total: number }) => o.total).sort((a: number, b: number) => a - b),
    ).toEqual([HUGE, NEAR_BIGINT_MAX]);
    expect((await api.count(admin)).status).toBe(200);
    const home = await api.home(admin);
    expect(home.status, JSON.stringify(home.body)).toBe(200);
    expect(home.body.today.salesAmount).toBe(HUGE + NEAR_BIGINT_MAX);
    // Statistiques answer too: an order the roll-ups cannot hold is left out, not a 500.
    const day = new Date().toISOString().slice(0, 10);
    for (const report of ['overview', 'products', 'treasury']) {
      const stats = await bed.server.call(
        'GET',
        `/api/stats/report?shopId=${admin.shopId}&report=${report}&from=${day}&to=${day}&compare=none`,
        { token: admin.token },
      );
      expect(stats.status, JSON.stringify(stats.body)).toBe(200);
    }

    const page = await api.get(admin, sale);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body).toMatchObject({
      total: HUGE,
      paidAmount: HUGE / 2,
      lines: [{ unitPrice: 1e12, total: HUGE }],
    });

    const csv = await api.exportCsv(admin);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('100000000000000000');
    expect(csv.text).toContain('9000000000000000000');

    const report = await pos.zReport(admin, open.sessionId);
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body).toMatchObject({
      netSales: HUGE,
      creditSales: HUGE / 2,
      expectedCash: 10_000 + HUGE / 2,
    });

    // A payment link would ask a provider for such a sum: refused in words, not a 500.
    const link = await bed.server.call('POST', '/api/order/paymentLink', {
      token: admin.token,
      body: { shopId: admin.shopId, orderId: pending },
    });
    expect(link.status, JSON.stringify(link.body)).toBe(409);

    // « Livrée » returns (its 100 000 units back), « Nouvelle » cancels.
    const returned = await api.changeStatus(admin, sale, 'returned');
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(await variantStock(bed, item.variantId)).toBe(3);
    const cancelled = await api.changeStatus(admin, pending, 'cancelled');
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

    // The session still closes, and its Z report is kept and read back.
    await syncOk(bed, as(fixture, 'cashier'), tillId, [ops.close(open.sessionId, { '10000': 1 })]);
    const closed = await pos.zReport(admin, open.sessionId);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.expectedCash).toBe(10_000 + HUGE / 2);
  });
});
