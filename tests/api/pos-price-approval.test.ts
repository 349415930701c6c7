import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { posSales } from '@/server/db/schema';
import { setupApiTestbed } from '../helpers/api-testbed';
import { catalogueCalls } from '../helpers/catalogue';
import { createShopFixture, type ShopFixture } from '../helpers/fixtures';
import { as, orderCalls, sellable } from '../helpers/orders';
import { firstTill, ops, posCalls, syncOk } from '../helpers/pos';

const bed = setupApiTestbed();
const pos = posCalls(bed);
const api = orderCalls(bed);
const catalogue = catalogueCalls(bed);

const PIN_REQUIRED = {
  message:
    'Une remise de plus de 20 % (prix inférieurs au prix catalogue compris) demande le code PIN d’un administrateur ou d’un superviseur.',
  details: { 'approval.pin': 'Code PIN requis.' },
};

/** A shop with an open till, a supervisor's PIN (5678) and a 5 000 FCFA « Pagne wax » in stock. */
async function openTill(name: string) {
  const fixture = await createShopFixture(bed.database.db, name);
  const tillId = await firstTill(bed, as(fixture));
  const open = ops.open(tillId, 10_000);
  await syncOk(bed, as(fixture, 'cashier'), tillId, [open]);
  expect((await pos.setPin(as(fixture, 'supervisor'), '5678')).status).toBe(200);
  const pagne = await sellable(bed, as(fixture), 'Pagne wax', 5000, { stock: 50 });
  return { fixture, tillId, sessionId: open.sessionId, pagne };
}

/** The cursor a till holds once it has copied the catalogue. */
async function tillCursor(fixture: ShopFixture): Promise<string> {
  const answer = await pos.catalogue(as(fixture, 'cashier'));
  expect(answer.status).toBe(200);
  expect(answer.body.hasMore).toBe(false);
  return answer.body.cursor as string;
}

/** The cursor of a copy read now, every change so far included. */
const cursorNow = () => `${BigInt(Date.now() + 1) * 1000n}~`;
/**
 * A copy read just before a change: a millisecond in the past, so that a change written within
 * the next millisecond (PostgreSQL is that quick) still counts as after it.
 */
const cursorJustBefore = () => `${BigInt(Date.now() - 1) * 1000n}~`;

async function reprice(fixture: ShopFixture, item: { productId: string; variantId: string }, price: number) {
  const answer = await catalogue.update(fixture.members.admin.token, fixture.shop.id, item.productId, {
    name: 'Pagne wax',
    variants: [{ id: item.variantId, optionValues: [], price }],
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe('the manager’s PIN at the till, for prices below the catalogue', () => {
  it('is asked of a cashier selling a 5 000 FCFA item at 1 FCFA, who then sells it with a manager’s PIN', async () => {
    const { fixture, tillId, sessionId, pagne } = await openTill('Boutique Prix Bradé');
    const catalogueCursor = await tillCursor(fixture);
    const bargain = (extra: Record<string, unknown> = {}) =>
      ops.sale(sessionId, [{ variantId: pagne.variantId, quantity: 1, unitPrice: 1 }], {
        catalogueCursor,
        ...extra,
      });

    const [refused] = (await pos.sync(as(fixture, 'cashier'), tillId, [bargain()])).body.results;
    expect(refused).toMatchObject({ status: 'rejected', error: PIN_REQUIRED });

    const [sold] = await syncOk(bed, as(fixture, 'cashier'), tillId, [
      bargain({ approval: { pin: '5678' } }),
    ]);
    // The order keeps the price sold; the Z report's discounts are the order's, as before.
    const order = (await api.get(as(fixture), sold.orderId)).body;
    expect(order).toMatchObject({ subtotal: 1, total: 1 });
    expect(order.lines[0]).toMatchObject({ unitPrice: 1, lineDiscount: 0 });
    const [row] = await bed.database.db.select().from(posSales).where(eq(posSales.orderId, sold.orderId));
    expect(row!.approvedByUserId).toBe(fixture.members.supervisor.user.id);
    expect((await pos.zReport(as(fixture), sessionId)).body).toMatchObject({
      grossSales: 1,
      discounts: 0,
      netSales: 1,
    });
    // A supervisor at the till approves it themselves.
    await syncOk(bed, as(fixture, 'supervisor'), tillId, [bargain()]);
  });

  it('takes any price the till’s copy could show since its cursor, and the current one from an op without', async () => {
    const { fixture, tillId, sessionId, pagne } = await openTill('Boutique Prix Monté');
    const copied = await tillCursor(fixture);
    // Changed after the till's copy: lowered, then raised (the till may have seen either).
    await reprice(fixture, pagne, 4000);
    await reprice(fixture, pagne, 8000);
    const sale = (unitPrice: number, extra: Record<string, unknown>) =>
      ops.sale(sessionId, [{ variantId: pagne.variantId, quantity: 1, unitPrice }], extra);

    const [old, lowered] = await syncOk(bed, as(fixture, 'cashier'), tillId, [
      sale(5000, { catalogueCursor: copied }),
      sale(4000, { catalogueCursor: copied }),
    ]);
    expect((await api.get(as(fixture), old.orderId)).body).toMatchObject({ total: 5000 });
    expect((await api.get(as(fixture), lowered.orderId)).body).toMatchObject({ total: 4000 });

    const results = (
      await pos.sync(as(fixture, 'cashier'), tillId, [
        // 25 % below the lowest price since the copy.
        sale(3000, { catalogueCursor: copied }),
        // No cursor (an op queued before tills sent one): judged on today's 8 000.
        sale(5000, {}),
        // A copy read after the changes knows only 8 000.
        sale(5000, { catalogueCursor: cursorNow() }),
      ])
    ).body.results;
    for (const result of results) expect(result).toMatchObject({ status: 'rejected', error: PIN_REQUIRED });

    // A bulk change of prices is remembered too: 8 000 → 12 000, a copy from before sells at 8 000.
    const before = cursorJustBefore();
    const bulk = await catalogue.bulk(fixture.members.admin.token, fixture.shop.id, [pagne.productId], {
      action: 'price',
      mode: 'percent',
      value: 50,
    });
    expect(bulk.status).toBe(200);
    await syncOk(bed, as(fixture, 'cashier'), tillId, [sale(8000, { catalogueCursor: before })]);
    const [after] = (
      await pos.sync(as(fixture, 'cashier'), tillId, [sale(8000, { catalogueCursor: cursorNow() })])
    ).body.results;
    expect(after).toMatchObject({ status: 'rejected', error: PIN_REQUIRED });
  });

  it('refuses a catalogue cursor the server never hands out', async () => {
    const { fixture, tillId, sessionId, pagne } = await openTill('Boutique Curseur');
    const answer = await pos.sync(as(fixture, 'cashier'), tillId, [
      ops.sale(sessionId, [{ variantId: pagne.variantId, quantity: 1, unitPrice: 5000 }], {
        catalogueCursor: 'hier',
      }),
    ]);
    expect(answer.status).toBe(422);
    expect(answer.body.error.details).toEqual({ 'ops.0.catalogueCursor': 'Curseur du catalogue invalide.' });
  });
});
