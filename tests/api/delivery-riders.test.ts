import { describe, expect, it } from 'vitest';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture } from '../helpers/fixtures';
import { deliveryCalls } from '../helpers/delivery';
import { as, createOrderOk, line, orderCalls, sellable } from '../helpers/orders';

/* Livraison's riders: added and edited by the managers, read by every role, one per phone. */

const bed = setupApiTestbed();
const { get, post } = deliveryCalls(bed);
const orders = orderCalls(bed);

const moussa = { name: 'Moussa Ndiaye', phone: '77 123 45 67', vehicle: 'moto', kind: 'staff' };

describe('delivery riders', () => {
  it('adds a rider with the phone in E.164, edits and deactivates them, lists the active first', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Livreurs');
    const added = await post(as(fixture), 'createRider', moussa);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toEqual({
      id: expect.any(String),
      name: 'Moussa Ndiaye',
      phone: '+221771234567',
      vehicle: 'moto',
      kind: 'staff',
      carrier: 'manual',
      notes: '',
      isActive: true,
      hasLink: false,
    });
    const aliou = await post(as(fixture, 'seller'), 'createRider', {
      name: 'Aliou Ba',
      phone: '+221 76 555 00 11',
      vehicle: 'velo',
      kind: 'freelance',
      notes: 'Banlieue',
    });
    expect(aliou.status).toBe(200);

    const edited = await post(as(fixture, 'supervisor'), 'updateRider', {
      ...moussa,
      id: added.body.id,
      name: 'Moussa Ndiaye (Plateau)',
      vehicle: 'voiture',
      isActive: false,
    });
    expect(edited.body).toMatchObject({
      name: 'Moussa Ndiaye (Plateau)',
      vehicle: 'voiture',
      isActive: false,
    });
    const list = await get(as(fixture, 'cashier'), 'riders');
    expect(list.status).toBe(200);
    expect(list.body.items.map((r: { name: string }) => r.name)).toEqual([
      'Aliou Ba',
      'Moussa Ndiaye (Plateau)',
    ]);
  });

  it('refuses bad input with the field named, and changes nothing', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Livreurs Refus');
    expect((await post(as(fixture), 'createRider', moussa)).status).toBe(200);
    const refusals: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ ...moussa, phone: '12' }, { phone: 'Numéro de téléphone invalide.' }],
      [
        { ...moussa, phone: '+221 77 123 45 67', name: 'Autre' },
        { phone: 'Un autre livreur de la boutique a déjà ce numéro.' },
      ],
      [{ ...moussa, name: '  ', phone: '770000000' }, { name: 'Donnez le nom du livreur.' }],
      [
        { ...moussa, phone: '770000000', vehicle: 'avion' },
        { vehicle: 'Choisissez un moyen de transport de la liste.' },
      ],
      [{ ...moussa, phone: '770000000', carrier: 'yango' }, { carrier: 'Cette valeur n’est pas autorisée.' }],
    ];
    for (const [body, details] of refusals) {
      const answer = await post(as(fixture), 'createRider', body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.error.details).toEqual(details);
    }
    expect((await get(as(fixture), 'riders')).body.items).toHaveLength(1);
  });

  it('lets only admin, supervisor and seller change riders; another shop’s rider is not found', async () => {
    const fixture = await createShopFixture(bed.database.db, 'Boutique Livreurs Rôles');
    const rider = (await post(as(fixture), 'createRider', moussa)).body;
    for (const role of ['cashier', 'inventory-manager'] as const) {
      expect((await post(as(fixture, role), 'createRider', { ...moussa, phone: '770000001' })).status).toBe(
        403,
      );
      expect((await post(as(fixture, role), 'updateRider', { ...moussa, id: rider.id })).status).toBe(403);
      expect((await get(as(fixture, role), 'riders')).status).toBe(200);
    }
    const other = await createShopFixture(bed.database.db, 'Autre Boutique Livreurs');
    expect((await post(as(other), 'updateRider', { ...moussa, id: rider.id, name: 'Volé' })).status).toBe(
      404,
    );
    // Naming a shop the caller does not belong to: the shop is not found.
    const foreign = { token: as(other).token, shopId: fixture.shop.id };
    expect((await get(foreign, 'riders')).status).toBe(404);
    expect((await get(as(fixture), 'riders')).body.items[0].name).toBe('Moussa Ndiaye');
  });
});

describe('handing orders to riders', () => {
  async function shopWithOrder(name: string) {
    const fixture = await createShopFixture(bed.database.db, name);
    const a = as(fixture);
    const kit = await sellable(bed, a, 'Kit thé', 4_000, { stock: 100 });
    const order = await createOrderOk(bed, a, {
      lines: [line(kit.variantId, 2)],
      deliveryFee: 1_000,
      deliveryAddress: { quartier: 'Liberté 6', commune: 'Sicap-Liberté', ville: 'Dakar', indications: '' },
    });
    const rider = (await post(a, 'createRider', moussa)).body;
    const other = (await post(a, 'createRider', { ...moussa, name: 'Aliou Ba', phone: '76 555 00 11' })).body;
    return { fixture, a, kit, order, rider, other };
  }

  it('moves the order to « En livraison » with what is left to collect, and to another rider once', async () => {
    const { a, order, rider, other } = await shopWithOrder('Boutique Confier');
    expect((await orders.addPayment(a, order.id, 3_000)).status).toBe(200);
    const handed = await post(a, 'assign', { orderId: order.id, riderId: rider.id });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    expect(handed.body).toMatchObject({
      orderId: order.id,
      status: 'assigned',
      amountDue: 6_000,
      rider: { id: rider.id, name: 'Moussa Ndiaye', phone: '+221771234567' },
    });
    const read = (await orders.get(a, order.id)).body;
    expect(read.fulfilmentStatus).toBe('shipping');
    expect(
      read.timeline
        .filter((e: { type: string }) => e.type === 'delivery')
        .map((e: { data: unknown }) => e.data),
    ).toEqual([{ rider: 'Moussa Ndiaye', due: 6_000 }]);
    // The same rider again: nothing new.
    expect((await post(a, 'assign', { orderId: order.id, riderId: rider.id })).status).toBe(200);
    // Another rider takes the one open delivery.
    const moved = await post(a, 'assign', { orderId: order.id, riderId: other.id });
    expect(moved.body).toMatchObject({ id: handed.body.id, rider: { name: 'Aliou Ba' } });
    const mine = await get(a, 'orderDelivery', { orderId: order.id });
    expect(mine.body.delivery).toMatchObject({
      id: handed.body.id,
      rider: { name: 'Aliou Ba' },
      amountDue: 6_000,
    });
    const after = (await orders.get(a, order.id)).body;
    expect(after.timeline.filter((e: { type: string }) => e.type === 'delivery')).toHaveLength(2);
  });

  it('refuses a cancelled order, an order without address, an inactive or unknown rider — nothing changed', async () => {
    const { a, kit, order, rider, other } = await shopWithOrder('Boutique Confier Refus');
    await post(a, 'updateRider', {
      ...moussa,
      name: 'Aliou Ba',
      phone: '76 555 00 11',
      id: other.id,
      isActive: false,
    });
    const inactive = await post(a, 'assign', { orderId: order.id, riderId: other.id });
    expect(inactive.status).toBe(422);
    expect(inactive.body.error.details).toEqual({
      riderId:
        'Aliou Ba est inactif\u00a0: réactivez-le dans «\u00a0Livreurs\u00a0» ou choisissez-en un autre.',
    });
    expect((await post(a, 'assign', { orderId: order.id, riderId: 'inconnu' })).status).toBe(404);
    expect((await orders.get(a, order.id)).body.fulfilmentStatus).toBe('new');

    const noAddress = await createOrderOk(bed, a, { lines: [line(kit.variantId, 1)] });
    const refused = await post(a, 'assign', { orderId: noAddress.id, riderId: rider.id });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.orderId).toMatch(/n’a pas d’adresse de livraison/);

    expect((await orders.changeStatus(a, order.id, 'cancelled')).status).toBe(200);
    const cancelled = await post(a, 'assign', { orderId: order.id, riderId: rider.id });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.error.message).toBe(
      'Une commande «\u00a0Annulée\u00a0» ne peut pas passer à «\u00a0En livraison\u00a0».',
    );
    expect((await get(a, 'orderDelivery', { orderId: order.id })).body.delivery).toBeNull();
  });

  it('lets only the managing roles hand orders out, and never another shop’s order or rider', async () => {
    const { fixture, order, rider } = await shopWithOrder('Boutique Confier Rôles');
    for (const role of ['cashier', 'inventory-manager'] as const)
      expect((await post(as(fixture, role), 'assign', { orderId: order.id, riderId: rider.id })).status).toBe(
        403,
      );
    const other = await shopWithOrder('Autre Boutique Confier');
    // Another shop's rider for this order, this shop's rider for another's order: not found.
    expect((await post(as(fixture), 'assign', { orderId: order.id, riderId: other.rider.id })).status).toBe(
      404,
    );
    expect((await post(as(fixture), 'assign', { orderId: other.order.id, riderId: rider.id })).status).toBe(
      404,
    );
    expect((await orders.get(as(fixture), order.id)).body.fulfilmentStatus).toBe('new');
    expect(
      (await post(as(fixture, 'seller'), 'assign', { orderId: order.id, riderId: rider.id })).status,
    ).toBe(200);
  });
});
