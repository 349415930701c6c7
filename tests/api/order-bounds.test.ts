import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { productVariants } from '@/server/db/schema';
import { MAX_AMOUNT, MAX_QUANTITY, MAX_UNIT_PRICE } from '@/shared/bounds';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture } from '../helpers/fixtures';
import { as, createOrderOk, line, orderCalls, ordersOfShop, plain, sellable } from '../helpers/orders';

/** Issue 15, item 1: no amount, price or quantity taken by `order/create` or `order/update` can break the shop. */
const bed = setupApiTestbed();
const api = orderCalls(bed);

/** A shop selling one product at `price`, its stock not tracked (so only the figures can refuse). */
async function shopSelling(name: string, price: number) {
  const fixture = await createShopFixture(bed.database.db, name);
  const item = await sellable(bed, as(fixture), 'Groupe électrogène', price, { trackStock: false });
  return { fixture, seller: as(fixture, 'seller'), item };
}

/** The list and home still answer, and nothing was stored. */
async function nothingStored(fixture: Awaited<ReturnType<typeof shopSelling>>['fixture']) {
  expect(await ordersOfShop(bed, fixture.shop.id)).toEqual([]);
  expect((await api.list(as(fixture))).status).toBe(200);
  expect((await api.home(as(fixture))).status).toBe(200);
}

describe('order amounts are bounded', () => {
  it('refuses a line at the price bound times a huge quantity, naming the line, before anything is written', async () => {
    const { fixture, seller, item } = await shopSelling('Boutique Plafond', MAX_UNIT_PRICE);
    const answer = await api.create(seller, { lines: [line(item.variantId, MAX_QUANTITY)] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(Object.keys(answer.body.error.details)).toEqual(['lines.0.quantity']);
    expect(plain(answer.body.error.details['lines.0.quantity'])).toBe(
      'Cette ligne dépasse le montant maximal d’une commande (10 000 000 000 FCFA) : réduisez la quantité.',
    );
    await nothingStored(fixture);
  });

  it('refuses a product priced 10^12 before the bounds, sold 100 000 times: 422, not a 500 with the order stored', async () => {
    const { fixture, seller, item } = await shopSelling('Boutique Ancienne', 1000);
    await bed.database.db
      .update(productVariants)
      .set({ price: 1_000_000_000_000 })
      .where(eq(productVariants.id, item.variantId));
    const answer = await api.create(seller, { lines: [line(item.variantId, 100_000)] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.error.details).toHaveProperty(['lines.0.quantity']);
    await nothingStored(fixture);
  });

  it('refuses lines each within the bound whose sum is not, and a delivery fee carrying the total past it', async () => {
    const { fixture, seller, item } = await shopSelling('Boutique Somme', MAX_UNIT_PRICE);
    const atBound = MAX_AMOUNT / MAX_UNIT_PRICE;
    const twoLines = await api.create(seller, {
      lines: [line(item.variantId, atBound), line(item.variantId, 1)],
    });
    expect(twoLines.status, JSON.stringify(twoLines.body)).toBe(422);
    expect(Object.keys(twoLines.body.error.details)).toEqual(['lines']);

    const withFee = await api.create(seller, { lines: [line(item.variantId, atBound)], deliveryFee: 1 });
    expect(withFee.status, JSON.stringify(withFee.body)).toBe(422);
    expect(Object.keys(withFee.body.error.details)).toEqual(['deliveryFee']);
    await nothingStored(fixture);

    // Exactly at the bound: taken, and read back as written.
    const order = await createOrderOk(bed, seller, { lines: [line(item.variantId, atBound)] });
    expect(order.total).toBe(MAX_AMOUNT);
  });

  it('refuses quantities, discounts, fees and payments past their bounds in the request itself', async () => {
    const { fixture, seller, item } = await shopSelling('Boutique Champs', 1000);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ lines: [line(item.variantId, MAX_QUANTITY + 1)] }, 'lines.0.quantity'],
      [{ lines: [line(item.variantId, 1, MAX_AMOUNT + 1)] }, 'lines.0.lineDiscount'],
      [{ lines: [line(item.variantId)], orderDiscount: 1e17 }, 'orderDiscount'],
      [{ lines: [line(item.variantId)], deliveryFee: 2 ** 60 }, 'deliveryFee'],
      [{ lines: [line(item.variantId)], payment: { method: 'cash', amount: 1e17 } }, 'payment.amount'],
    ];
    for (const [body, field] of cases) {
      const answer = await api.create(seller, body);
      expect(answer.status, field).toBe(422);
      expect(Object.keys(answer.body.error.details), field).toEqual([field]);
    }
    await nothingStored(fixture);
  });

  it('refuses an edit carrying the order past the bound, the order unchanged', async () => {
    const { fixture, seller, item } = await shopSelling('Boutique Édition', MAX_UNIT_PRICE);
    const order = await createOrderOk(bed, seller, { lines: [line(item.variantId, 2)] });
    const edit = await api.update(as(fixture), order.id, { lines: [line(item.variantId, MAX_QUANTITY)] });
    expect(edit.status, JSON.stringify(edit.body)).toBe(422);
    expect(Object.keys(edit.body.error.details)).toEqual(['lines.0.quantity']);
    expect((await api.get(as(fixture), order.id)).body.total).toBe(2 * MAX_UNIT_PRICE);
  });

  it('refuses a payment or a refund past the bound', async () => {
    const { fixture, seller, item } = await shopSelling('Boutique Paiement', 1000);
    const order = await createOrderOk(bed, seller, { lines: [line(item.variantId, 2)] });
    const paid = await api.addPayment(as(fixture), order.id, 1e17);
    expect(paid.status).toBe(422);
    expect(Object.keys(paid.body.error.details)).toEqual(['amount']);
    const refund = await api.refund(as(fixture), order.id, { amount: 1e17 });
    expect(refund.status).toBe(422);
    expect(Object.keys(refund.body.error.details)).toEqual(['amount']);
  });
});
