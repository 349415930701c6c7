import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cashMovements, posSales } from '@/server/db/schema';
import { MAX_AMOUNT, MAX_QUANTITY, MAX_UNIT_PRICE } from '@/shared/bounds';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture } from '../helpers/fixtures';
import { as, orderCalls, ordersOfShop, plain, sellable, variantStock } from '../helpers/orders';
import { firstTill, ops, posCalls, syncOk } from '../helpers/pos';

/** Issue 15, item 1: a till's op cannot store a figure that breaks the shop's reads. */
const bed = setupApiTestbed();
const pos = posCalls(bed);
const api = orderCalls(bed);

async function openTill(name: string) {
  const fixture = await createShopFixture(bed.database.db, name);
  const tillId = await firstTill(bed, as(fixture));
  const open = ops.open(tillId, 10_000);
  await syncOk(bed, as(fixture, 'cashier'), tillId, [open]);
  const item = await sellable(bed, as(fixture), 'Tôle ondulée', 5000, { stock: 3 });
  const client = await api.createClient(as(fixture), { name: 'Moussa Fall', phone: '77 123 45 67' });
  expect(client.status, JSON.stringify(client.body)).toBe(200);
  return { fixture, tillId, sessionId: open.sessionId, item, clientId: client.body.id as string };
}

/** A « paiement à crédit » sale of one line, nothing paid. */
const creditSale = (
  sessionId: string,
  clientId: string,
  variantId: string,
  quantity: number,
  unitPrice: number,
) => ops.sale(sessionId, [{ variantId, quantity, unitPrice }], { payments: [], isCredit: true, clientId });

async function nothingSold(fixture: Awaited<ReturnType<typeof openTill>>['fixture'], variantId: string) {
  expect(await ordersOfShop(bed, fixture.shop.id)).toEqual([]);
  expect(await bed.database.db.select().from(posSales).where(eq(posSales.shopId, fixture.shop.id))).toEqual(
    [],
  );
  expect(await variantStock(bed, variantId)).toBe(3);
  expect((await api.list(as(fixture))).status).toBe(200);
  expect((await api.home(as(fixture))).status).toBe(200);
}

describe('till figures are bounded', () => {
  it('refuses the issue’s credit sale of 100 000 units at 10^12 FCFA: 422 naming the price, nothing stored', async () => {
    const { fixture, tillId, sessionId, item, clientId } = await openTill('Boutique Crédit');
    const sale = creditSale(sessionId, clientId, item.variantId, 100_000, 1_000_000_000_000);
    const answer = await pos.sync(as(fixture, 'cashier'), tillId, [sale]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.error.details).toEqual({
      'ops.0.lines.0.unitPrice': 'Ce prix dépasse le maximum autorisé.',
    });
    await nothingSold(fixture, item.variantId);
  });

  it('rejects a sale at the price bound whose line passes the amount bound, naming the line', async () => {
    const { fixture, tillId, sessionId, item, clientId } = await openTill('Boutique Ligne');
    const sale = creditSale(sessionId, clientId, item.variantId, MAX_QUANTITY, MAX_UNIT_PRICE);
    const answer = await pos.sync(as(fixture, 'cashier'), tillId, [sale]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [result] = answer.body.results;
    expect(result.status).toBe('rejected');
    expect(Object.keys(result.error.details)).toEqual(['lines.0.quantity']);
    expect(plain(result.error.details['lines.0.quantity'])).toBe(
      'Cette ligne dépasse le montant maximal d’une vente (10 000 000 000 FCFA) : réduisez la quantité.',
    );
    await nothingSold(fixture, item.variantId);
  });

  it('rejects a cart whose lines are each within the bound but not their sum', async () => {
    const { fixture, tillId, sessionId, item, clientId } = await openTill('Boutique Panier');
    const atBound = MAX_AMOUNT / MAX_UNIT_PRICE;
    const sale = ops.sale(
      sessionId,
      [
        { variantId: item.variantId, quantity: atBound, unitPrice: MAX_UNIT_PRICE },
        { variantId: item.variantId, quantity: atBound, unitPrice: MAX_UNIT_PRICE },
      ],
      { payments: [], isCredit: true, clientId },
    );
    const [result] = (await pos.sync(as(fixture, 'cashier'), tillId, [sale])).body.results;
    expect(result.status).toBe('rejected');
    expect(Object.keys(result.error.details)).toEqual(['lines']);
    await nothingSold(fixture, item.variantId);
  });

  it('refuses floats, cash movements, tendered cash and counts past the bound', async () => {
    const { fixture, tillId, sessionId } = await openTill('Boutique Tiroir');
    const cases: Array<[Record<string, unknown>, string]> = [
      [ops.cash(sessionId, 'in', MAX_AMOUNT + 1), 'ops.0.amount'],
      [ops.open(tillId, 1e17), 'ops.0.openingFloat'],
      [ops.close(sessionId, {}, { countedCash: 1e17 }), 'ops.0.countedCash'],
      [ops.close(sessionId, { '10000': MAX_QUANTITY + 1 }), 'ops.0.denominations.10000'],
    ];
    for (const [op, field] of cases) {
      const answer = await pos.sync(as(fixture, 'cashier'), tillId, [op]);
      expect(answer.status, field).toBe(422);
      expect(Object.keys(answer.body.error.details), field).toEqual([field]);
    }
    expect(
      await bed.database.db.select().from(cashMovements).where(eq(cashMovements.sessionId, sessionId)),
    ).toEqual([]);
  });
});
