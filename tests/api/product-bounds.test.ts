import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { productVariants, products } from '@/server/db/schema';
import { PRODUCT_CSV_HEADERS } from '@/features/product/server/csv/columns';
import { serializeCsvRow } from '@/server/csv';
import { MAX_STOCK, MAX_UNIT_PRICE } from '@/shared/bounds';
import { setupApiTestbed } from '../helpers/api-testbed';
import { catalogueCalls, createOk, simpleProduct } from '../helpers/catalogue';
import { createShopFixture } from '../helpers/fixtures';
import { movementsOfVariant, plain, productStockTotal, variantStock } from '../helpers/orders';

/** Stock above 2^31 and prices past the bound (issue 15, items 1 and 6): a French 422, never a 500. */
const bed = setupApiTestbed();
const api = catalogueCalls(bed);

async function shopWithProduct(name: string, stock: number, price = 1500) {
  const fixture = await createShopFixture(bed.database.db, name);
  const token = fixture.members.admin.token!;
  const shopId = fixture.shop.id;
  const product = await createOk(bed, token, shopId, simpleProduct('Riz 25 kg', price, { stock }));
  return {
    fixture,
    token,
    shopId,
    productId: product._id as string,
    variantId: product.variants[0]._id as string,
  };
}

/** A stock as code older than the bounds could leave it (adjustments of 10^7 at a time, repeated). */
async function storeStock(productId: string, variantId: string, stock: number) {
  await bed.database.db.update(productVariants).set({ stock }).where(eq(productVariants.id, variantId));
  await bed.database.db.update(products).set({ stockTotal: stock }).where(eq(products.id, productId));
}

describe('stock bounds', () => {
  it('refuses a product created with a stock of 3 000 000 000, or priced past the bound', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Stock Énorme');
    const token = fixture.members.admin.token!;
    const huge = await api.create(
      token,
      fixture.shop.id,
      simpleProduct('Sucre', 1000, { stock: 3_000_000_000 }),
    );
    expect(huge.status).toBe(422);
    expect(plain(huge.body.error.details['variants.0.stock'])).toBe(
      'Le stock ne peut pas dépasser 10 000 000 unités.',
    );

    const dear = await api.create(token, fixture.shop.id, simpleProduct('Or', 1_000_000_000_000));
    expect(dear.status).toBe(422);
    expect(dear.body.error.details).toEqual({ 'variants.0.price': 'Ce prix dépasse le maximum autorisé.' });
    // At the bound itself: accepted.
    await createOk(
      bed,
      token,
      fixture.shop.id,
      simpleProduct('Diamant', MAX_UNIT_PRICE, { stock: MAX_STOCK }),
    );
  });

  it('refuses an adjustment carrying the stock past the bound, stock unchanged', async () => {
    const { token, shopId, productId, variantId } = await shopWithProduct('Boutique Plafond', MAX_STOCK - 5);
    const over = await api.adjust(token, shopId, variantId, 10, 'reception');
    expect(over.status, JSON.stringify(over.body)).toBe(422);
    expect(Object.keys(over.body.error.details)).toEqual(['quantity']);
    expect(plain(over.body.error.message)).toBe(
      'Quantité : le stock ne peut pas dépasser 10 000 000 unités.',
    );
    expect(await variantStock(bed, variantId)).toBe(MAX_STOCK - 5);
    expect(await productStockTotal(bed, productId)).toBe(MAX_STOCK - 5);
    expect((await api.adjust(token, shopId, variantId, 5, 'reception')).body.stock).toBe(MAX_STOCK);

    const tooMany = await api.adjust(token, shopId, variantId, 3_000_000_000, 'reception');
    expect(tooMany.status).toBe(422);
    expect(plain(tooMany.body.error.details.quantity)).toBe('Au plus 10 000 000 unités à la fois.');
  });

  it('refuses an adjustment that would pass 2^31 on a stock stored before the bounds, and still lets it go down', async () => {
    const { token, shopId, productId, variantId } = await shopWithProduct('Boutique Int', 0);
    await storeStock(productId, variantId, 2_147_483_000);
    const over = await api.adjust(token, shopId, variantId, 1000, 'reception');
    expect(over.status, JSON.stringify(over.body)).toBe(422);
    expect(over.body.error.details).toHaveProperty('quantity');
    expect(await variantStock(bed, variantId)).toBe(2_147_483_000);
    expect(await movementsOfVariant(bed, variantId)).toHaveLength(0);

    const down = await api.adjust(token, shopId, variantId, -1000, 'casse');
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(down.body.stock).toBe(2_147_482_000);
  });

  it('lets a stock sold below zero at a till come back up', async () => {
    const { token, shopId, productId, variantId } = await shopWithProduct('Boutique Négatif', 0);
    await storeStock(productId, variantId, -5);
    const received = await api.adjust(token, shopId, variantId, 10, 'reception');
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.stock).toBe(5);
    expect(await productStockTotal(bed, productId)).toBe(5);
  });

  it('refuses an inventory count past the bound, stock unchanged', async () => {
    const { token, shopId, variantId } = await shopWithProduct('Boutique Comptage', 4);
    const counted = await api.inventory(token, shopId, [{ variantId, counted: 3_000_000_000 }]);
    expect(counted.status).toBe(422);
    expect(Object.keys(counted.body.error.details)).toEqual(['counts.0.counted']);
    expect(await variantStock(bed, variantId)).toBe(4);
  });

  it('refuses a CSV stock cell past the bound on an existing variant, on its cell, stock unchanged', async () => {
    const { fixture, variantId } = await shopWithProduct('Boutique Import', 4);
    const cells: Record<string, string> = { Nom: 'Riz 25 kg', Prix: '1500', Stock: '3000000000' };
    const row = PRODUCT_CSV_HEADERS.map((h) => cells[h] ?? '');
    // Matched by name: the product has no SKU.
    const csv = [PRODUCT_CSV_HEADERS, row].map((fields) => serializeCsvRow(fields, ';')).join('');
    const answer = await bed.server.call(
      'POST',
      `/api/product/importCsv?shopId=${fixture.shop.id}&dryRun=false`,
      {
        token: fixture.members.admin.token,
        rawBody: csv,
      },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(
      answer.body.errors.map((e: { field: string; message: string }) => [e.field, plain(e.message)]),
    ).toEqual([['Stock', 'Le stock ne peut pas dépasser 10 000 000 unités.']]);
    expect(await variantStock(bed, variantId)).toBe(4);
  });

  it('refuses a bulk price change carrying a price past the bound, prices unchanged', async () => {
    const { token, shopId, productId, variantId } = await shopWithProduct('Boutique Hausse', 1, 500_000_000);
    const doubled = await api.bulk(token, shopId, [productId], {
      action: 'price',
      mode: 'percent',
      value: 150,
    });
    expect(doubled.status, JSON.stringify(doubled.body)).toBe(422);
    expect(Object.keys(doubled.body.error.details)).toEqual(['change.value']);
    const plus = await api.bulk(token, shopId, [productId], {
      action: 'price',
      mode: 'amount',
      value: MAX_UNIT_PRICE,
    });
    expect(plus.status).toBe(422);
    const [variant] = await bed.database.db
      .select({ price: productVariants.price })
      .from(productVariants)
      .where(eq(productVariants.id, variantId));
    expect(variant!.price).toBe(500_000_000);
    // Within the bound: applied.
    expect(
      (await api.bulk(token, shopId, [productId], { action: 'price', mode: 'percent', value: 100 })).status,
    ).toBe(200);
  });
});
