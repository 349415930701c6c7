import { describe, expect, it } from 'vitest';
import { findActiveMembership } from '@/server/tenancy/membership';
import { ZCreateOrderBody } from '@/features/order/order.schemas';
import { ZOrder } from '@/features/order/order.dto-schemas';
import { createOrderWithDto } from '@/features/order/server/create-order';
import { setupApiTestbed } from '../helpers/api-testbed';
import { NBSP, createOk } from '../helpers/catalogue';
import {
  as,
  createOrderOk,
  freshShop,
  idempotencyKey,
  line,
  movementsOfVariant,
  orderCalls,
  productStockTotal,
  sellable,
  variantStock,
  type Actor,
} from '../helpers/orders';

const bed = setupApiTestbed();
const api = orderCalls(bed);

/** The new order's page as createOrderWithDto builds it from what it wrote, sent as the API sends it. */
async function createdInHand(a: Actor, userId: string, body: Record<string, unknown>) {
  const membership = await findActiveMembership(bed.database.db, userId, a.shopId);
  const { shopId: _shopId, ...input } = ZCreateOrderBody.parse({ shopId: a.shopId, ...body });
  const user = Object.values(bed.awa.members).find((m) => m.user.id === userId)!.user;
  return createOrderWithDto(bed.database.db, membership!, user, input);
}

/** The order as GET /api/order/get answers it, as text: key order included. */
async function readBack(a: Actor, orderId: string): Promise<string> {
  const answer = await api.get(a, orderId);
  expect(answer.status).toBe(200);
  return JSON.stringify(answer.body);
}

describe('the order page answered by a creation', () => {
  it('is built from the rows written, exactly as a read of the order answers it', async () => {
    const a = as(bed.awa);
    const seller = bed.awa.members.seller.user;
    const robe = await createOk(bed, a.token!, a.shopId, {
      name: 'Robe wax',
      options: [{ name: 'Taille', values: ['M', 'L'] }],
      variants: [
        { optionValues: ['M'], price: 2500, sku: 'RW-M', stock: 10 },
        { optionValues: ['L'], price: 2700, stock: 10 },
      ],
    });
    const retouche = await sellable(bed, a, 'Retouche', 500, { stock: 0, trackStock: false });
    const { order, dto } = await createdInHand(as(bed.awa, 'seller'), seller.id, {
      channel: 'whatsapp',
      lines: [line(robe.variants[0]._id, 3, 500), line(retouche.variantId, 2), line(robe.variants[1]._id)],
      orderDiscount: 1000,
      deliveryFee: 1500,
      deliveryAddress: { quartier: 'Médina', ville: 'Dakar' },
      newClient: { name: 'Aïssatou Diop', phone: '77 123 45 68' },
      clientNote: 'Appeler avant de livrer',
      internalNote: 'Cliente fidèle',
      payment: { method: 'wave', amount: 3000, reference: 'W-1' },
      idempotencyKey: idempotencyKey(),
    });
    expect(dto).not.toBeNull();
    expect(dto!.timeline.map((e) => e.type)).toEqual(['created', 'note', 'payment']);
    expect(dto!.lines.map((l) => l.variantName)).toEqual(['M', '', 'L']);
    expect(JSON.stringify(ZOrder.parse(dto))).toBe(await readBack(a, order.id));
  });

  it('is as a read answers it for the plainest order too: no client, payment, note or stock', async () => {
    const a = as(bed.awa);
    const admin = bed.awa.members.admin.user;
    const service = await sellable(bed, a, 'Livraison express', 2000, { stock: 0, trackStock: false });
    const { order, dto } = await createdInHand(a, admin.id, { lines: [line(service.variantId)] });
    expect(dto!.payments).toEqual([]);
    expect(JSON.stringify(ZOrder.parse(dto))).toBe(await readBack(a, order.id));
  });

  it('is left to a read when the idempotency key answers an earlier order', async () => {
    const a = as(bed.awa);
    const admin = bed.awa.members.admin.user;
    const { variantId } = await sellable(bed, a, 'Sac en raphia', 4000, { stock: 5 });
    const key = idempotencyKey();
    const first = await createdInHand(a, admin.id, { lines: [line(variantId)], idempotencyKey: key });
    const again = await createdInHand(a, admin.id, { lines: [line(variantId)], idempotencyKey: key });
    expect(again).toEqual({ order: first.order, dto: null });
    expect(await variantStock(bed, variantId)).toBe(4);
  });

  it('answers POST /api/order/create with what GET /api/order/get answers next', async () => {
    const a = as(bed.awa);
    const { variantId } = await sellable(bed, a, 'Boubou brodé', 15000, { stock: 4 });
    const created = await createOrderOk(bed, a, {
      lines: [line(variantId, 2, 1000)],
      newClient: { name: 'Fatou Sow', phone: '77 765 43 21' },
      internalNote: 'Emballage cadeau',
      payment: { method: 'cash', amount: 5000 },
    });
    expect(JSON.stringify(created)).toBe(await readBack(a, created.id));
  });
});

describe('stock taken by a creation', () => {
  it('takes a variant sold on two lines line by line: one movement each, the stock after each', async () => {
    const shop = await freshShop(bed, 'Boutique Deux Lignes');
    const a = as(shop);
    const pagne = await sellable(bed, a, 'Pagne', 3000, { stock: 10, lowStockThreshold: 6 });
    const order = await createOrderOk(bed, a, {
      lines: [line(pagne.variantId, 3), line(pagne.variantId, 2)],
    });
    expect(await variantStock(bed, pagne.variantId)).toBe(5);
    expect(await productStockTotal(bed, pagne.productId)).toBe(5);
    const sales = (await movementsOfVariant(bed, pagne.variantId)).filter((m) => m.reason === 'vente');
    expect(sales.map((m) => [m.quantity, m.stockAfter, m.note])).toEqual([
      [-3, 7, `Commande #${order.number}`],
      [-2, 5, `Commande #${order.number}`],
    ]);
  });

  it('refuses the line that would go below zero, quoting the stock left when it came', async () => {
    const shop = await freshShop(bed, 'Boutique Dernières Pièces');
    const a = as(shop);
    const pagne = await sellable(bed, a, 'Pagne', 3000, { stock: 4 });
    const refused = await api.create(a, { lines: [line(pagne.variantId, 3), line(pagne.variantId, 2)] });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      `Stock insuffisant pour «${NBSP}Pagne${NBSP}»${NBSP}: il reste 1 unité.`,
    );
    expect(await variantStock(bed, pagne.variantId)).toBe(4);
  });
});
