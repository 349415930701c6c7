import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/shared/money';
import { setupApiTestbed } from '../helpers/api-testbed';
import {
  as,
  createOrderOk,
  line,
  movementsOfVariant,
  orderCalls,
  sellable,
  variantStock,
} from '../helpers/orders';

const bed = setupApiTestbed();
const api = orderCalls(bed);
const admin = () => as(bed.awa);
const supervisor = () => as(bed.awa, 'supervisor');

/** An order of `quantities` units of fresh products (stock 10 each), paid `paid` (all by default). */
async function paidOrder(name: string, prices: number[], quantities: number[], paid?: number) {
  const items = [];
  for (const [i, price] of prices.entries())
    items.push(await sellable(bed, admin(), `${name} ${i + 1}`, price, { stock: 10 }));
  const total = prices.reduce((sum, price, i) => sum + price * quantities[i]!, 0);
  const order = await createOrderOk(bed, admin(), {
    lines: items.map((item, i) => line(item.variantId, quantities[i])),
    ...(paid === 0 ? {} : { payment: { method: 'cash', amount: paid ?? total } }),
  });
  return { order, items, lineIds: order.lines.map((l: { id: string }) => l.id) as string[] };
}

const restocks = async (variantId: string) =>
  (await movementsOfVariant(bed, variantId)).filter((m) => m.reason === 'retour').map((m) => m.quantity);

describe('POST /api/order/refund', () => {
  it('refunds by line, partially then fully, with and without restock', async () => {
    const { order, items, lineIds } = await paidOrder('Pagne', [2000, 1500], [3, 2]);
    const [pagne, foulard] = items;
    expect(order).toMatchObject({ total: 9000, paidAmount: 9000, paymentStatus: 'paid' });
    expect([await variantStock(bed, pagne!.variantId), await variantStock(bed, foulard!.variantId)]).toEqual([
      7, 8,
    ]);

    // One unit of the first line, amount defaulting to its value, back in stock (the default).
    const first = await api.refund(supervisor(), order.id, { lines: [{ lineId: lineIds[0], quantity: 1 }] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      refundedAmount: 2000,
      paymentStatus: 'partially_refunded',
      isEditable: false,
      lines: [{ refundedQuantity: 1 }, { refundedQuantity: 0 }],
      refunds: [
        { amount: 2000, method: 'cash', isRestocked: true, lines: [{ lineId: lineIds[0], quantity: 1 }] },
      ],
    });
    expect(await variantStock(bed, pagne!.variantId)).toBe(8);
    expect(first.body.timeline.at(-1)).toMatchObject({
      type: 'refund',
      data: {
        amount: 2000,
        method: 'cash',
        restocked: 1,
        lines: [{ name: 'Pagne 1', quantity: 1 }],
        reason: null,
      },
      by: { id: bed.awa.members.supervisor.user.id, name: 'supervisor Utilisateur' },
    });

    // The second line without restock (damaged goods), with a reason and another method.
    const second = await api.refund(supervisor(), order.id, {
      lines: [{ lineId: lineIds[1], quantity: 2 }],
      restock: false,
      method: 'wave',
      reason: 'Abîmés',
    });
    expect(second.body).toMatchObject({ refundedAmount: 5000, paymentStatus: 'partially_refunded' });
    expect(second.body.refunds[1]).toMatchObject({
      amount: 3000,
      method: 'wave',
      isRestocked: false,
      reason: 'Abîmés',
    });
    expect(await variantStock(bed, foulard!.variantId)).toBe(8);

    // More units than the line has left, more money than is left: refused on the field, nothing written.
    const tooMany = await api.refund(admin(), order.id, { lines: [{ lineId: lineIds[0], quantity: 3 }] });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error.details).toEqual({
      'lines.0.quantity': 'Au plus 2 à rembourser sur cette ligne.',
    });
    const none = await api.refund(admin(), order.id, { lines: [{ lineId: lineIds[1], quantity: 1 }] });
    expect(none.body.error.details).toEqual({
      'lines.0.quantity': 'Cette ligne est déjà entièrement remboursée.',
    });
    const tooMuch = await api.refund(admin(), order.id, { amount: 4001 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.details).toEqual({
      amount: `Le remboursement dépasse ce qui reste remboursable (${formatMoney(4000, 'XOF')}).`,
    });
    const unknownLine = await api.refund(admin(), order.id, {
      lines: [{ lineId: 'ligne-inconnue', quantity: 1 }],
    });
    expect(Object.keys(unknownLine.body.error.details)).toEqual(['lines.0.lineId']);
    const twice = await api.refund(admin(), order.id, {
      lines: [
        { lineId: lineIds[0], quantity: 1 },
        { lineId: lineIds[0], quantity: 1 },
      ],
    });
    expect(Object.keys(twice.body.error.details)).toEqual(['lines.1.lineId']);
    const nothing = await api.refund(admin(), order.id, {});
    expect(Object.keys(nothing.body.error.details)).toEqual(['amount']);
    const zeroUnits = await api.refund(admin(), order.id, { lines: [{ lineId: lineIds[0], quantity: 0 }] });
    expect(Object.keys(zeroUnits.body.error.details)).toEqual(['lines.0.quantity']);
    // Paid on delivery is a way to be paid, not to hand money back.
    const onDelivery = await api.refund(admin(), order.id, { amount: 500, method: 'cod' });
    expect(onDelivery.status).toBe(422);
    expect(onDelivery.body.error.details).toEqual({
      method:
        'On ne rembourse pas par «\u00a0Paiement à la livraison\u00a0»\u00a0: choisissez espèces, mobile money ou carte.',
    });
    const unchanged = (await api.get(admin(), order.id)).body;
    expect(unchanged).toMatchObject({ refundedAmount: 5000, refunds: [{}, {}] });
    expect(await variantStock(bed, pagne!.variantId)).toBe(8);

    // The rest: fully refunded, and then there is nothing left to refund.
    const rest = await api.refund(admin(), order.id, { lines: [{ lineId: lineIds[0], quantity: 2 }] });
    expect(rest.body).toMatchObject({ refundedAmount: 9000, paymentStatus: 'refunded' });
    expect(await variantStock(bed, pagne!.variantId)).toBe(10);
    const after = await api.refund(admin(), order.id, { amount: 1 });
    expect(after.status).toBe(409);
    expect(after.body.error.code).toBe('CONFLICT');
    expect(await restocks(pagne!.variantId)).toEqual([1, 2]);
    expect(await restocks(foulard!.variantId)).toEqual([]);
  });

  it('refunds an amount alone, never more than was paid, and refuses an unpaid order', async () => {
    const { order, items, lineIds } = await paidOrder('Sandale', [5000], [2], 6000);
    expect(order.paymentStatus).toBe('partially_paid');
    const part = await api.refund(admin(), order.id, { amount: 1000, method: 'orange_money' });
    expect(part.body).toMatchObject({ refundedAmount: 1000, paymentStatus: 'partially_refunded' });
    expect(await restocks(items[0]!.variantId)).toEqual([]);
    // Both units are worth 10 000, but only 5 000 paid is left to hand back.
    const lines = await api.refund(admin(), order.id, { lines: [{ lineId: lineIds[0], quantity: 2 }] });
    expect(lines.body).toMatchObject({
      refundedAmount: 6000,
      paymentStatus: 'refunded',
      refunds: [{}, { amount: 5000 }],
    });
    expect(await variantStock(bed, items[0]!.variantId)).toBe(10);

    const unpaid = await paidOrder('Babouche', [3000], [1], 0);
    const refused = await api.refund(admin(), unpaid.order.id, {
      lines: [{ lineId: unpaid.lineIds[0], quantity: 1 }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'CONFLICT',
      message: 'Cette commande n’a aucun paiement à rembourser.',
    });
    expect(await variantStock(bed, unpaid.items[0]!.variantId)).toBe(9);
  });

  it('splits a discounted line by value without handing back more than its total', async () => {
    const item = await sellable(bed, admin(), 'Bol en bois', 1000, { stock: 10 });
    const order = await createOrderOk(bed, admin(), {
      lines: [line(item.variantId, 3, 100)],
      payment: { method: 'cash', amount: 2900 },
    });
    const lineId = order.lines[0].id as string;
    const amounts = [];
    for (let i = 0; i < 3; i++) {
      const answer = await api.refund(admin(), order.id, { lines: [{ lineId, quantity: 1 }] });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      amounts.push(answer.body.refunds.at(-1).amount);
    }
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(2900);
    expect(amounts.slice(0, 2)).toEqual([967, 967]);
    expect(await variantStock(bed, item.variantId)).toBe(10);
  });
});

describe('refunds and the stock given back', () => {
  it('a partial refund with restock, then a return, gives back only the rest', async () => {
    const { order, items, lineIds } = await paidOrder('Tasse', [1000], [3]);
    const variantId = items[0]!.variantId;
    expect(await variantStock(bed, variantId)).toBe(7);
    await api.refund(admin(), order.id, { lines: [{ lineId: lineIds[0], quantity: 1 }] });
    expect(await variantStock(bed, variantId)).toBe(8);
    await api.changeStatus(admin(), order.id, 'delivered');
    expect((await api.changeStatus(admin(), order.id, 'returned')).status).toBe(200);
    expect(await variantStock(bed, variantId)).toBe(10);
    expect(await restocks(variantId)).toEqual([1, 2]);
    // A refund of the rest after the return hands money back but no more units.
    const rest = await api.refund(admin(), order.id, { lines: [{ lineId: lineIds[0], quantity: 2 }] });
    expect(rest.body).toMatchObject({ refundedAmount: 3000, paymentStatus: 'refunded' });
    expect(rest.body.refunds[1].isRestocked).toBe(false);
    expect(rest.body.timeline.at(-1).data.restocked).toBe(0);
    expect(await variantStock(bed, variantId)).toBe(10);
  });

  it('a cancelled order refunded with restock does not give its stock back twice', async () => {
    const { order, items, lineIds } = await paidOrder('Assiette', [800], [4]);
    const variantId = items[0]!.variantId;
    expect(await variantStock(bed, variantId)).toBe(6);
    await api.changeStatus(admin(), order.id, 'cancelled');
    expect(await variantStock(bed, variantId)).toBe(10);
    const refund = await api.refund(admin(), order.id, { lines: [{ lineId: lineIds[0], quantity: 4 }] });
    expect(refund.body).toMatchObject({ refundedAmount: 3200, paymentStatus: 'refunded' });
    expect(await variantStock(bed, variantId)).toBe(10);
    expect(await restocks(variantId)).toEqual([4]);
  });

  it('two refunds racing for the same units: one passes, the other is refused', async () => {
    const { order, items, lineIds } = await paidOrder('Verre', [1200], [2]);
    const answers = await Promise.all(
      [admin(), supervisor()].map((a) =>
        api.refund(a, order.id, { lines: [{ lineId: lineIds[0], quantity: 2 }] }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const final = (await api.get(admin(), order.id)).body;
    expect(final).toMatchObject({
      refundedAmount: 2400,
      paymentStatus: 'refunded',
      lines: [{ refundedQuantity: 2 }],
    });
    expect(final.refunds).toHaveLength(1);
    expect(await variantStock(bed, items[0]!.variantId)).toBe(10);
  });
});

describe('who may refund', () => {
  it('admins and supervisors only; an order of another shop is not found', async () => {
    const { order, lineIds } = await paidOrder('Miroir', [4000], [1]);
    const body = { lines: [{ lineId: lineIds[0], quantity: 1 }] };
    for (const role of ['seller', 'cashier', 'inventory-manager'] as const) {
      const answer = await api.refund(as(bed.awa, role), order.id, body);
      expect(answer.status, role).toBe(403);
      expect(answer.body.error).toEqual({
        code: 'FORBIDDEN',
        message: 'Votre rôle ne vous permet pas d’effectuer cette action.',
      });
    }
    const outsider = await api.refund(
      { token: bed.other.members.admin.token, shopId: bed.awa.shop.id },
      order.id,
      body,
    );
    expect(outsider.status).toBe(404);
    const crossing = await api.refund(as(bed.other), order.id, body);
    expect(crossing.status).toBe(404);
    expect(crossing.body.error).toEqual({ code: 'NOT_FOUND', message: 'La commande est introuvable.' });
    expect((await api.get(admin(), order.id)).body).toMatchObject({ refundedAmount: 0, refunds: [] });
    // A refunded order can no longer be edited.
    expect((await api.refund(admin(), order.id, { amount: 1000 })).status).toBe(200);
    const edit = await api.update(admin(), order.id, {
      lines: [{ variantId: order.lines[0].variantId, quantity: 1 }],
    });
    expect(edit.status).toBe(409);
    expect(edit.body.error).toEqual({
      code: 'NOT_EDITABLE',
      message: 'Une commande remboursée ne peut plus être modifiée.',
    });
  });
});
