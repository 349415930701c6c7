import { describe, expect, it } from 'vitest';
import { setupApiTestbed } from '../helpers/api-testbed';

const bed = setupApiTestbed();

describe('products: the main path', () => {
  it('creates a product with two options, lists it, finds it by barcode, adjusts stock', async () => {
    const token = bed.awa.members.admin.token;
    const shopId = bed.awa.shop.id;
    const barcode = (
      await bed.server.call('POST', '/api/product/generateBarcode', { token, body: { shopId } })
    ).body.barcode as string;
    const created = await bed.server.call('POST', '/api/product/create', {
      token,
      body: {
        shopId,
        name: 'Boubou brodé',
        lowStockThreshold: 2,
        options: [
          { name: 'Taille', values: ['M', 'L'] },
          { name: 'Couleur', values: ['Bleu', 'Blanc'] },
        ],
        variants: [
          { optionValues: ['M', 'Bleu'], price: 25000, sku: 'BB-M-BL', barcode, stock: 3 },
          { optionValues: ['M', 'Blanc'], price: 25000, sku: 'BB-M-WH', stock: 1 },
          { optionValues: ['L', 'Bleu'], price: 27000, stock: 0 },
          { optionValues: ['L', 'Blanc'], price: 27000, stock: 5 },
        ],
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.stockTotal).toBe(9);
    expect(created.body.priceMin).toBe(25000);
    const list = await bed.server.call('GET', `/api/product/list?shopId=${shopId}&search=${barcode}`, {
      token,
    });
    expect(list.body.items.map((p: { name: string }) => p.name)).toEqual(['Boubou brodé']);
    const accent = await bed.server.call('GET', `/api/product/list?shopId=${shopId}&search=BRODE`, { token });
    expect(accent.body.items).toHaveLength(1);
    const variantId = created.body.variants[0]._id;
    const adjusted = await bed.server.call('POST', '/api/product/adjustStock', {
      token,
      body: { shopId, variantId, quantity: -2, reason: 'casse', note: 'Tombé' },
    });
    expect(adjusted.body).toEqual({ variantId, stock: 1 });
    const history = await bed.server.call(
      'GET',
      `/api/product/stockHistory?shopId=${shopId}&productId=${created.body._id}`,
      { token },
    );
    expect(history.body.items[0]).toMatchObject({
      quantity: -2,
      stockAfter: 1,
      reason: 'casse',
      note: 'Tombé',
    });
    const notifications = await bed.server.call('GET', `/api/notification/getByShop/${shopId}`, { token });
    expect(notifications.body[0]).toMatchObject({ type: 'low_stock', title: 'Boubou brodé' });
  });
});
