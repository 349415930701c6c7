import { describe, expect, it } from 'vitest';
import { setupApiTestbed } from '../helpers/api-testbed';
import { NBSP, catalogueCalls, createOk, simpleProduct } from '../helpers/catalogue';
import { as, createOrderOk, line, orderCalls, sellable, variantStock } from '../helpers/orders';

const bed = setupApiTestbed();
const api = orderCalls(bed);
const admin = () => as(bed.awa);
const who = (role: keyof typeof bed.awa.members) => ({
  id: bed.awa.members[role].user.id,
  name: `${role === 'admin' ? 'Admin' : role} Utilisateur`,
});

describe('POST /api/order/update', () => {
  it('moves stock by the difference only, keeps the prices sold at, and writes an edit entry', async () => {
    const a = admin();
    const tee = await sellable(bed, a, 'T-shirt', 5000, { stock: 10 });
    const cap = await sellable(bed, a, 'Casquette', 3000, { stock: 5 });
    const sock = await sellable(bed, a, 'Chaussettes', 1000, { stock: 10 });
    const order = await createOrderOk(bed, a, {
      lines: [line(tee.variantId, 3), line(cap.variantId, 1)],
      payment: { method: 'cash', amount: 5000 },
    });
    expect([await variantStock(bed, tee.variantId), await variantStock(bed, cap.variantId)]).toEqual([7, 4]);
    // The catalogue price changes; the order keeps the price it was taken at.
    const updated = await catalogueCalls(bed).update(a.token!, a.shopId, tee.productId, {
      ...simpleProduct('T-shirt', 6000),
      variants: [{ id: tee.variantId, optionValues: [], price: 6000 }],
    });
    expect(updated.status).toBe(200);
    const edited = await api.update(as(bed.awa, 'seller'), order.id, {
      lines: [line(tee.variantId, 1), line(sock.variantId, 2, 500)],
      deliveryFee: 1000,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({
      subtotal: 7000,
      lineDiscountTotal: 500,
      total: 7500,
      paidAmount: 5000,
      paymentStatus: 'partially_paid',
      lines: [
        { productName: 'T-shirt', unitPrice: 5000, quantity: 1, total: 5000 },
        { productName: 'Chaussettes', unitPrice: 1000, quantity: 2, total: 1500 },
      ],
    });
    expect(await variantStock(bed, tee.variantId)).toBe(9);
    expect(await variantStock(bed, cap.variantId)).toBe(5);
    expect(await variantStock(bed, sock.variantId)).toBe(8);
    expect(edited.body.timeline.at(-1)).toMatchObject({
      type: 'edit',
      data: { totalBefore: 18000, totalAfter: 7500 },
      by: who('seller'),
    });
    // Cancelling gives back what the order holds now, not what it first took.
    await api.changeStatus(a, order.id, 'cancelled');
    expect(await variantStock(bed, tee.variantId)).toBe(10);
    expect(await variantStock(bed, sock.variantId)).toBe(10);
    expect(await variantStock(bed, cap.variantId)).toBe(5);
  });

  it('refuses an order in delivery (409 NOT_EDITABLE), a total below what is paid and too little stock', async () => {
    const a = admin();
    const item = await sellable(bed, a, 'Lunettes', 4000, { stock: 4 });
    const order = await createOrderOk(bed, a, {
      lines: [line(item.variantId, 2)],
      payment: { method: 'cash', amount: 6000 },
    });
    const below = await api.update(a, order.id, { lines: [line(item.variantId, 1)] });
    expect(below.status).toBe(422);
    expect(Object.keys(below.body.error.details)).toEqual(['lines']);
    const short = await api.update(a, order.id, { lines: [line(item.variantId, 5)] });
    expect(short.status).toBe(409);
    expect(short.body.error.code).toBe('INSUFFICIENT_STOCK');
    const discount = await api.update(a, order.id, { lines: [line(item.variantId, 2)], orderDiscount: 8001 });
    expect(Object.keys(discount.body.error.details)).toEqual(['orderDiscount']);
    expect(await variantStock(bed, item.variantId)).toBe(2);
    expect((await api.get(a, order.id)).body).toMatchObject({ total: 8000, lines: [{ quantity: 2 }] });

    // Ready is still editable; shipping is not.
    await api.changeStatus(a, order.id, 'ready');
    expect((await api.update(a, order.id, { lines: [line(item.variantId, 3)] })).status).toBe(200);
    expect(await variantStock(bed, item.variantId)).toBe(1);
    await api.changeStatus(a, order.id, 'shipping');
    const late = await api.update(a, order.id, { lines: [line(item.variantId, 2)] });
    expect(late.status).toBe(409);
    expect(late.body.error).toEqual({
      code: 'NOT_EDITABLE',
      message: `Une commande «${NBSP}En livraison${NBSP}» ne peut plus être modifiée.`,
    });
    expect(await variantStock(bed, item.variantId)).toBe(1);
    expect(
      (await api.update(as(bed.awa, 'cashier'), order.id, { lines: [line(item.variantId)] })).status,
    ).toBe(403);
  });
});

describe('edits of archived products', () => {
  it('keeps a line whose product was archived since, but refuses adding one', async () => {
    const a = admin();
    const old = await sellable(bed, a, 'Ancienne collection', 7000, { stock: 5 });
    const order = await createOrderOk(bed, a, { lines: [line(old.variantId, 1)] });
    const archive = { action: 'status', status: 'archived' };
    expect((await catalogueCalls(bed).bulk(a.token!, a.shopId, [old.productId], archive)).status).toBe(200);
    const more = await api.update(a, order.id, { lines: [line(old.variantId, 2)] });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(more.body).toMatchObject({ total: 14000, lines: [{ quantity: 2, unitPrice: 7000 }] });
    expect(await variantStock(bed, old.variantId)).toBe(3);
    const other = await sellable(bed, a, 'Autre archivé', 1000, { stock: 5, status: 'archived' });
    const refused = await api.update(a, order.id, { lines: [line(old.variantId, 2), line(other.variantId)] });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.error.details)).toEqual(['lines.1.variantId']);
    expect(await variantStock(bed, other.variantId)).toBe(5);
  });
});

describe('products that were ordered', () => {
  it('cannot be deleted (archive them instead) nor lose an ordered variant', async () => {
    const a = admin();
    const product = await createOk(bed, a.token!, a.shopId, {
      name: 'Chemise lin',
      options: [{ name: 'Taille', values: ['M', 'L'] }],
      variants: [
        { optionValues: ['M'], price: 9000, stock: 3 },
        { optionValues: ['L'], price: 9000, stock: 3 },
      ],
    });
    const [m, l] = product.variants as Array<{ _id: string }>;
    const order = await createOrderOk(bed, a, { lines: [line(m!._id)] });
    const catalogue = catalogueCalls(bed);
    const deleted = await catalogue.bulk(a.token!, a.shopId, [product._id], { action: 'delete' });
    expect(deleted.status).toBe(409);
    expect(deleted.body.error).toEqual({
      code: 'PRODUCT_HAS_ORDERS',
      message: `Un des produits figure dans des commandes${NBSP}: il ne peut pas être supprimé. Archivez-le plutôt.`,
    });
    const dropped = await catalogue.update(a.token!, a.shopId, product._id, {
      name: 'Chemise lin',
      options: [{ name: 'Taille', values: ['L'] }],
      variants: [{ id: l!._id, optionValues: ['L'], price: 9000 }],
    });
    expect(dropped.status).toBe(422);
    expect(dropped.body.error.details).toEqual({
      variants: `Une variante supprimée a déjà été commandée${NBSP}: gardez-la ou archivez le produit.`,
    });
    expect((await catalogue.get(a.token!, a.shopId, product._id)).body.variants).toHaveLength(2);
    // Archiving works, and the order keeps its line.
    const archive = { action: 'status', status: 'archived' };
    expect((await catalogue.bulk(a.token!, a.shopId, [product._id], archive)).status).toBe(200);
    expect((await api.get(a, order.id)).body.lines).toMatchObject([
      { variantId: m!._id, productName: 'Chemise lin' },
    ]);
  });
});
