import { describe, expect, it } from 'vitest';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture } from '../helpers/fixtures';
import { deliveryCalls } from '../helpers/delivery';
import { as } from '../helpers/orders';

/* Livraison's riders: added and edited by the managers, read by every role, one per phone. */

const bed = setupApiTestbed();
const { get, post } = deliveryCalls(bed);

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
