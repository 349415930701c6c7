import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderCounters, orders, shops } from '@/server/db/schema';
import { quotaMonthOf } from '@/features/order/server/order.repository';
import { dayjs } from '@/shared/dayjs';
import { setupApiTestbed } from '../helpers/api-testbed';
import { NBSP, catalogueCalls, putOnFreePlan } from '../helpers/catalogue';
import {
  as,
  counterOf,
  createOrderOk,
  freshShop,
  idempotencyKey,
  line,
  orderCalls,
  orderNotifications,
  ordersOfShop,
  productStockTotal,
  sellable,
  setMonthCount,
  variantStock,
} from '../helpers/orders';

const bed = setupApiTestbed();
const api = orderCalls(bed);

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('the last unit', () => {
  it('five orders racing for one unit: exactly one passes, the stock ends at zero', async () => {
    const shop = await freshShop(bed, 'Boutique Dernier');
    const roles = ['admin', 'supervisor', 'seller', 'admin', 'supervisor'] as const;
    for (let round = 0; round < 3; round++) {
      const { productId, variantId } = await sellable(bed, as(shop), `Dernière robe ${round}`, 9000, {
        stock: 1,
      });
      const answers = await Promise.all(
        roles.map((role) => api.create(as(shop, role), { lines: [line(variantId)] })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
      for (const refused of answers.filter((a) => a.status === 409))
        expect(refused.body.error).toMatchObject({
          code: 'INSUFFICIENT_STOCK',
          message: `Stock insuffisant pour «${NBSP}Dernière robe ${round}${NBSP}»${NBSP}: il reste 0 unité.`,
        });
      expect(await variantStock(bed, variantId)).toBe(0);
      expect(await productStockTotal(bed, productId)).toBe(0);
    }
    // Refused orders gave their numbers back: three orders, three consecutive numbers.
    expect((await ordersOfShop(bed, shop.shop.id)).map((o) => o.number)).toEqual([1001, 1002, 1003]);
    expect(await counterOf(bed, shop.shop.id)).toMatchObject({ lastNumber: 1003, monthCount: 3 });
  });
});

describe('order numbers', () => {
  it('50 concurrent creations get exactly 1001…1050, refused ones in between taking none', async () => {
    const shop = await freshShop(bed, 'Boutique Numéros');
    const a = as(shop);
    // A new shop is on its trial: the Pro plan's quotas, orders unlimited.
    expect(await api.quotas(a)).toMatchObject({ maxNumberOfOrders: 'infinity', currentNumberOfOrders: 0 });
    const plenty = await sellable(bed, a, 'Bonbons', 100, { stock: 1000 });
    const none = await sellable(bed, a, 'Épuisé', 100, { stock: 0 });
    const roles = ['admin', 'supervisor', 'seller'] as const;
    const answers = await Promise.all([
      ...range(0, 50).map((i) =>
        api.create(as(shop, roles[i % 3]), { lines: [line(plenty.variantId, 1 + (i % 4))] }),
      ),
      ...range(0, 10).map(() => api.create(a, { lines: [line(none.variantId)] })),
    ]);
    const passed = answers.filter((x) => x.status === 200);
    expect(passed).toHaveLength(50);
    expect(answers.filter((x) => x.status === 409)).toHaveLength(10);
    const numbers = passed.map((x) => x.body.number as number).sort((x, y) => x - y);
    expect(numbers).toEqual(range(1001, 50));
    const rows = await ordersOfShop(bed, shop.shop.id);
    expect(rows.map((o) => o.number)).toEqual(range(1001, 50));
    expect(new Set(rows.map((o) => o.id)).size).toBe(50);
    const sold = range(0, 50).reduce((sum, i) => sum + 1 + (i % 4), 0);
    expect(await variantStock(bed, plenty.variantId)).toBe(1000 - sold);
    // The quota counter is moved by real creations, and only by the ones that passed.
    expect(await counterOf(bed, shop.shop.id)).toMatchObject({ lastNumber: 1050, monthCount: 50 });
    expect((await api.quotas(a)).currentNumberOfOrders).toBe(50);
    expect(await orderNotifications(bed, shop.shop.id)).toHaveLength(50);
    expect((await createOrderOk(bed, a, { lines: [line(plenty.variantId)] })).number).toBe(1051);
  });

  it('numbers each shop on its own', async () => {
    const one = await freshShop(bed, 'Boutique Une');
    const two = await freshShop(bed, 'Boutique Deux');
    const x = await sellable(bed, as(one), 'Article', 100, { stock: 10 });
    const y = await sellable(bed, as(two), 'Article', 100, { stock: 10 });
    const answers = await Promise.all([
      ...range(0, 4).map(() => api.create(as(one), { lines: [line(x.variantId)] })),
      ...range(0, 4).map(() => api.create(as(two), { lines: [line(y.variantId)] })),
    ]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect((await ordersOfShop(bed, one.shop.id)).map((o) => o.number)).toEqual(range(1001, 4));
    expect((await ordersOfShop(bed, two.shop.id)).map((o) => o.number)).toEqual(range(1001, 4));
  });
});

describe('idempotency', () => {
  it('the same key twice, in turn or at once, makes one order and answers the same one', async () => {
    const shop = await freshShop(bed, 'Boutique Idempotence');
    const a = as(shop);
    const { variantId } = await sellable(bed, a, 'Savon', 500, { stock: 20 });
    const key = idempotencyKey();
    const body = {
      lines: [line(variantId, 2)],
      idempotencyKey: key,
      payment: { method: 'cash', amount: 1000 },
    };
    const first = await createOrderOk(bed, a, body);
    const again = await createOrderOk(bed, as(shop, 'seller'), { ...body, lines: [line(variantId, 5)] });
    expect(again.id).toBe(first.id);
    expect(again).toEqual(first);
    expect(await variantStock(bed, variantId)).toBe(18);

    const racing = idempotencyKey();
    const answers = await Promise.all(
      range(0, 6).map(() => api.create(a, { lines: [line(variantId, 3)], idempotencyKey: racing })),
    );
    expect(answers.map((x) => x.status)).toEqual(range(0, 6).map(() => 200));
    expect(new Set(answers.map((x) => x.body.id)).size).toBe(1);
    expect(answers[0]!.body.number).toBe(1002);

    const rows = await ordersOfShop(bed, shop.shop.id);
    expect(rows.map((o) => [o.number, o.idempotencyKey])).toEqual([
      [1001, key],
      [1002, racing],
    ]);
    expect(await variantStock(bed, variantId)).toBe(15);
    expect(await counterOf(bed, shop.shop.id)).toMatchObject({ lastNumber: 1002, monthCount: 2 });
    expect(await orderNotifications(bed, shop.shop.id)).toHaveLength(2);
    expect(first.payments).toHaveLength(1);

    // A key is the shop's own: another shop may use the same one.
    const elsewhere = await sellable(bed, as(bed.other), 'Savon', 500, { stock: 5 });
    const theirs = await createOrderOk(bed, as(bed.other), {
      lines: [line(elsewhere.variantId)],
      idempotencyKey: key,
    });
    expect(theirs.id).not.toBe(first.id);
  });

  it('a retry answers the order its key made even when that order used up the stock', async () => {
    const shop = await freshShop(bed, 'Boutique Dernière Unité');
    const a = as(shop);
    const { variantId } = await sellable(bed, a, 'Pagne', 4000, { stock: 1 });
    const body = { lines: [line(variantId)], idempotencyKey: idempotencyKey() };
    const first = await createOrderOk(bed, a, body);
    const retry = await api.create(a, body);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.id).toBe(first.id);
    // Without a key, the same order is refused: the stock is gone.
    const other = await api.create(a, { lines: [line(variantId)] });
    expect(other.status).toBe(409);
    expect(await variantStock(bed, variantId)).toBe(0);
    expect((await ordersOfShop(bed, shop.shop.id)).map((o) => o.number)).toEqual([1001]);
    expect(await counterOf(bed, shop.shop.id)).toMatchObject({ lastNumber: 1001, monthCount: 1 });
  });
});

describe('the orders quota', () => {
  const refusal = {
    code: 'QUOTA_EXCEEDED',
    message:
      'Votre forfait Gratuit autorise 100 commandes par mois. Passez à un forfait supérieur pour en recevoir davantage.',
  };

  it('allows 100 orders a calendar month on the free plan, then refuses with 403', async () => {
    const shop = await freshShop(bed, 'Boutique Quota Commandes');
    const a = as(shop);
    const { variantId } = await sellable(bed, a, 'Beignets', 200, { stock: 50 });
    await putOnFreePlan(bed, shop.shop.id);
    expect(await api.quotas(a)).toMatchObject({ maxNumberOfOrders: 100, currentNumberOfOrders: 0 });
    // Two real orders move the counter…
    await createOrderOk(bed, a, { lines: [line(variantId)] });
    await createOrderOk(bed, a, { lines: [line(variantId)] });
    expect((await api.quotas(a)).currentNumberOfOrders).toBe(2);
    // …then the month is filled up to 98 without making 96 more.
    await setMonthCount(bed, shop, 98);
    expect((await api.quotas(a)).currentNumberOfOrders).toBe(98);

    // Three at once for the last two places.
    const answers = await Promise.all(range(0, 3).map(() => api.create(a, { lines: [line(variantId)] })));
    expect(answers.map((x) => x.status).sort()).toEqual([200, 200, 403]);
    expect(answers.find((x) => x.status === 403)!.body.error).toEqual(refusal);
    expect(
      answers
        .filter((x) => x.status === 200)
        .map((x) => x.body.number)
        .sort(),
    ).toEqual([1099, 1100]);
    expect((await api.quotas(a)).currentNumberOfOrders).toBe(100);

    const hundredFirst = await api.create(a, {
      lines: [line(variantId, 5)],
      newClient: { name: 'Client refusé', phone: '781112233' },
    });
    expect(hundredFirst.status).toBe(403);
    expect(hundredFirst.body.error).toEqual(refusal);
    expect(await variantStock(bed, variantId)).toBe(46);
    expect((await ordersOfShop(bed, shop.shop.id)).map((o) => o.number)).toEqual([1001, 1002, 1099, 1100]);
    expect(await counterOf(bed, shop.shop.id)).toMatchObject({ lastNumber: 1100, monthCount: 100 });
    expect((await api.quotas(a)).currentNumberOfOrders).toBe(100);
    // A retry of an order already made is not a new order: it answers, the quota is untouched.
    const made = answers.find((x) => x.status === 200)!.body;
    await bed.database.db
      .update(orders)
      .set({ idempotencyKey: 'deja-faite-1' })
      .where(eq(orders.id, made.id));
    const retry = await api.create(a, { lines: [line(variantId)], idempotencyKey: 'deja-faite-1' });
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(made.id);
    expect((await api.quotas(a)).currentNumberOfOrders).toBe(100);

    // A paid plan lifts the limit; numbering goes on.
    await bed.database.db
      .update(shops)
      .set({ subscriptionPlan: 'starter', shopExpiresAt: dayjs().add(30, 'day').toDate() })
      .where(eq(shops.id, shop.shop.id));
    expect(await api.quotas(a)).toMatchObject({ maxNumberOfOrders: 1000, currentNumberOfOrders: 100 });
    expect((await createOrderOk(bed, a, { lines: [line(variantId)] })).number).toBe(1101);
  });

  it('counts the shop’s calendar month: last month’s orders do not count', async () => {
    const shop = await freshShop(bed, 'Boutique Nouveau Mois');
    const a = as(shop);
    const { variantId } = await sellable(bed, a, 'Jus', 300, { stock: 5 });
    await putOnFreePlan(bed, shop.shop.id);
    const lastMonth = dayjs().tz(shop.shop.timeZone).subtract(1, 'month').format('YYYY-MM');
    await bed.database.db
      .insert(orderCounters)
      .values({ shopId: shop.shop.id, lastNumber: 1400, month: lastMonth, monthCount: 100 });
    expect((await api.quotas(a)).currentNumberOfOrders).toBe(0);
    expect((await createOrderOk(bed, a, { lines: [line(variantId)] })).number).toBe(1401);
    expect(await counterOf(bed, shop.shop.id)).toMatchObject({
      lastNumber: 1401,
      month: quotaMonthOf(shop.shop.timeZone),
      monthCount: 1,
    });
    expect((await api.quotas(a)).currentNumberOfOrders).toBe(1);
  });
});

describe('changes racing on one order', () => {
  it('five cancellations at once give the stock back once; two full payments, one passes', async () => {
    const shop = await freshShop(bed, 'Boutique Course');
    const roles = ['admin', 'supervisor', 'seller', 'admin', 'supervisor'] as const;
    const { variantId } = await sellable(bed, as(shop), 'Ventilateur', 12000, { stock: 10 });
    for (let round = 0; round < 3; round++) {
      const order = await createOrderOk(bed, as(shop), { lines: [line(variantId, 4)] });
      expect(await variantStock(bed, variantId)).toBe(6);
      const cancels = await Promise.all(
        roles.map((role) => api.changeStatus(as(shop, role), order.id, 'cancelled')),
      );
      expect(cancels.map((x) => x.status).sort()).toEqual([200, 409, 409, 409, 409]);
      expect(await variantStock(bed, variantId)).toBe(10);
      const timeline = (await api.get(as(shop), order.id)).body.timeline;
      expect(timeline.filter((e: { type: string }) => e.type === 'status')).toHaveLength(1);
    }
    const order = await createOrderOk(bed, as(shop), { lines: [line(variantId)] });
    const payments = await Promise.all(
      roles.slice(0, 3).map((role) => api.addPayment(as(shop, role), order.id, 12000, 'wave')),
    );
    expect(payments.map((x) => x.status).sort()).toEqual([200, 422, 422]);
    expect((await api.get(as(shop), order.id)).body).toMatchObject({
      paidAmount: 12000,
      paymentStatus: 'paid',
      payments: [{ amount: 12000 }],
    });
  });
});

describe('orders touching the same products at once', () => {
  /**
   * Two products whose variants' ids do not sort like the products: P's second size is added
   * after Q exists, so P.S < Q.U < P.L. An order of (P.S, Q.U) and one of (Q.U, P.L) take
   * the product rows in opposite orders unless the code orders them.
   */
  async function crossedProducts(shop: Awaited<ReturnType<typeof freshShop>>, round: number) {
    const a = as(shop);
    const p = await sellable(bed, a, `Boubou ${round}`, 1000, { stock: 100 });
    const q = await sellable(bed, a, `Pagne ${round}`, 1000, { stock: 100 });
    const updated = await catalogueCalls(bed).update(a.token!, a.shopId, p.productId, {
      name: `Boubou ${round}`,
      options: [{ name: 'Taille', values: ['S', 'L'] }],
      variants: [
        { id: p.variantId, optionValues: ['S'], price: 1000 },
        { optionValues: ['L'], price: 1000, stock: 100 },
      ],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const large = updated.body.variants.find(
      (v: { optionValues: string[] }) => v.optionValues[0] === 'L',
    )._id;
    expect(p.variantId < q.variantId && q.variantId < large).toBe(true);
    return { small: p.variantId, unique: q.variantId, large };
  }

  it('cancels, refunds, edits and creates without deadlocking', async () => {
    const shop = await freshShop(bed, 'Boutique Croisée');
    const a = as(shop);
    for (let round = 0; round < 4; round++) {
      const { small, unique, large } = await crossedProducts(shop, round);
      const x = await createOrderOk(bed, a, {
        lines: [line(small), line(unique)],
        payment: { method: 'cash', amount: 2000 },
      });
      const y = await createOrderOk(bed, a, {
        lines: [line(unique), line(large)],
        payment: { method: 'cash', amount: 2000 },
      });
      const z = await createOrderOk(bed, a, { lines: [line(large), line(unique)] });
      const answers = await Promise.all([
        api.changeStatus(a, x.id, 'cancelled'),
        api.refund(a, y.id, { lines: y.lines.map((l: { id: string }) => ({ lineId: l.id, quantity: 1 })) }),
        api.update(a, z.id, { lines: [line(large, 2), line(unique, 2)] }),
        api.create(a, { lines: [line(small), line(unique), line(large)] }),
      ]);
      expect(
        answers.map((r) => r.status),
        JSON.stringify(answers.filter((r) => r.status !== 200).map((r) => r.body)),
      ).toEqual([200, 200, 200, 200]);
      // x gave back 1+1, y gave back 1+1, z took 1+1 more, the new order took 1+1+1.
      expect(await variantStock(bed, small)).toBe(99);
      expect(await variantStock(bed, unique)).toBe(97);
      expect(await variantStock(bed, large)).toBe(97);
    }
  });
});
