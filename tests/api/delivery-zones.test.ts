import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/shared/money';
import { setupApiTestbed } from '../helpers/api-testbed';
import { NBSP } from '../helpers/catalogue';
import { createShopFixture, type ShopFixture } from '../helpers/fixtures';
import { deliveryCalls } from '../helpers/delivery';
import { as, createOrderOk, line, orderCalls, sellable, type Actor } from '../helpers/orders';

/*
 * Livraison: a shop's delivery zones (communes and quartiers, a fee, free delivery from an amount,
 * a minimum order), the fee of an address, the starter zones of Dakar, and manual orders charged
 * their zone's fee unless the agent says why not — for the roles that may, and no other.
 */

const bed = setupApiTestbed();
const api = orderCalls(bed);

type Area = { commune: string; quartier?: string };

const { get, post } = deliveryCalls(bed);

/** A zone body: communes given as strings cover the whole commune. */
const zone = (
  name: string,
  fee: number,
  areas: Array<string | Area>,
  extra: Record<string, unknown> = {},
) => ({
  name,
  fee,
  areas: areas.map((area) => (typeof area === 'string' ? { commune: area } : area)),
  ...extra,
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function zoneOk(a: Actor, body: Record<string, unknown>): Promise<any> {
  const answer = await post(a, 'createZone', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function zonesOf(a: Actor): Promise<any[]> {
  const answer = await get(a, 'zones');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.items;
}

const quote = (a: Actor, commune: string, quartier = '', goods = 0) =>
  get(a, 'quote', { commune, quartier, goods });

const shop = (name: string) => createShopFixture(bed.database.db, name);

const whole = (commune: string) => ({ commune, quartier: '' });

describe('delivery zones', () => {
  it('creates zones with tidied spellings, lists them by position, replaces areas on update, deletes', async () => {
    const fixture = await shop('Boutique Zones');
    const a = as(fixture);

    const centre = await zoneOk(
      a,
      zone('  Centre ', 1000, ['  grand  yoff ', { commune: 'ngor', quartier: ' Ngor   village ' }], {
        delay: ' le jour même ',
      }),
    );
    expect(centre).toEqual({
      id: expect.any(String),
      name: 'Centre',
      fee: 1000,
      freeFrom: null,
      minOrder: null,
      delay: 'le jour même',
      isActive: true,
      position: 0,
      areas: [whole('grand yoff'), { commune: 'ngor', quartier: 'Ngor village' }],
    });
    const banlieue = await zoneOk(
      a,
      zone('Banlieue', 2500, ['Pikine'], {
        freeFrom: 30_000,
        minOrder: 5_000,
        delay: 'sous 24 h',
        isActive: false,
      }),
    );
    expect(banlieue).toMatchObject({
      name: 'Banlieue',
      fee: 2500,
      freeFrom: 30_000,
      minOrder: 5_000,
      delay: 'sous 24 h',
      isActive: false,
      position: 1,
      areas: [whole('Pikine')],
    });
    expect(await zonesOf(a)).toEqual([centre, banlieue]);

    // The update replaces the whole list of areas: the communes it drops are free again.
    const updated = await post(a, 'updateZone', {
      id: centre.id,
      ...zone('Centre-ville', 1200, ['Médina'], { freeFrom: 20_000 }),
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toEqual({
      id: centre.id,
      name: 'Centre-ville',
      fee: 1200,
      freeFrom: 20_000,
      minOrder: null,
      delay: '',
      isActive: true,
      position: 0,
      areas: [whole('Médina')],
    });
    const yoff = await zoneOk(a, zone('Yoff', 1500, ['Grand Yoff']));
    expect(yoff.position).toBe(2);
    expect((await zonesOf(a)).map((z) => [z.name, z.position])).toEqual([
      ['Centre-ville', 0],
      ['Banlieue', 1],
      ['Yoff', 2],
    ]);

    // Another shop's zone does not exist there, to read into or to change.
    const theirs = as(bed.other);
    expect(
      (await post(theirs, 'updateZone', { id: banlieue.id, ...zone('Piratée', 0, ['Thiès']) })).status,
    ).toBe(404);
    expect((await post(theirs, 'deleteZone', { id: banlieue.id })).status).toBe(404);
    expect((await zonesOf(theirs)).map((z) => z.id)).not.toContain(banlieue.id);
    expect((await zonesOf(a)).find((z) => z.id === banlieue.id)).toEqual(banlieue);

    const deleted = await post(a, 'deleteZone', { id: banlieue.id });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ok: true });
    expect((await zonesOf(a)).map((z) => z.name)).toEqual(['Centre-ville', 'Yoff']);
    const again = await post(a, 'deleteZone', { id: banlieue.id });
    expect(again.status).toBe(404);
    expect(again.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'La zone est introuvable.' });
    expect(
      (await post(a, 'updateZone', { id: banlieue.id, ...zone('Banlieue', 1, ['Pikine']) })).status,
    ).toBe(404);
    // Pikine went with its zone: another zone may take it.
    await zoneOk(a, zone('Pikine', 2000, ['pikine']));
  });

  it('refuses bad input with 422 naming the field, in French, and changes nothing', async () => {
    const fixture = await shop('Boutique Saisie Zones');
    const a = as(fixture);
    const centre = await zoneOk(a, zone('Centre', 1000, ['Grand Yoff', 'Médina']));
    const ouakam = await zoneOk(a, zone('Ouakam', 1500, ['Ouakam']));
    const before = await zonesOf(a);

    const taken = (typed: string) =>
      `«${NBSP}${typed}${NBSP}» est déjà dans la zone «${NBSP}Centre${NBSP}»${NBSP}: une adresse n’a qu’un tarif.`;
    const cases: Array<[string, Record<string, unknown>, Record<string, string>]> = [
      ['createZone', zone('Ngor', -1, ['Ngor']), { fee: 'Les frais ne peuvent pas être négatifs.' }],
      ['createZone', zone('Ngor', 1000, []), { areas: 'Ajoutez au moins une commune.' }],
      ['createZone', zone('   ', 1000, ['Ngor']), { name: 'Donnez un nom à la zone.' }],
      ['createZone', zone('Ngor', 1000, ['Ngor', '  ']), { 'areas.1.commune': 'Indiquez la commune.' }],
      [
        'createZone',
        zone('Ngor', 1000, ['Ngor', 'Yoff', 'ngor ']),
        { 'areas.2.commune': `«${NBSP}ngor${NBSP}» figure deux fois dans la zone.` },
      ],
      ['createZone', zone('Ngor', 1000, ['Ngor', 'Grand Yoff']), { 'areas.1.commune': taken('Grand Yoff') }],
      // One place, spelt another way: still the same commune.
      ['createZone', zone('Ngor', 1000, ['Ngor', 'GRAND-YOFF']), { 'areas.1.commune': taken('GRAND-YOFF') }],
      ['createZone', zone('Ngor', 1000, ['medina']), { 'areas.0.commune': taken('medina') }],
      // Moving a commune into another zone by an update is refused just the same.
      [
        'updateZone',
        { id: ouakam.id, ...zone('Ouakam', 1500, ['Ouakam', 'Médina']) },
        { 'areas.1.commune': taken('Médina') },
      ],
      [
        'updateZone',
        { id: ouakam.id, ...zone('Ouakam', -5, ['Ouakam']) },
        { fee: 'Les frais ne peuvent pas être négatifs.' },
      ],
    ];
    for (const [path, body, details] of cases) {
      const answer = await post(a, path, body);
      expect(answer.status, `${path} ${JSON.stringify(body)} → ${JSON.stringify(answer.body)}`).toBe(422);
      expect(answer.body.error.code).toBe('VALIDATION_ERROR');
      expect(answer.body.error.details, JSON.stringify(body)).toEqual(details);
    }
    expect(await zonesOf(a)).toEqual(before);
    expect(before.map((z) => z.id)).toEqual([centre.id, ouakam.id]);
    // The same zone, corrected, is taken.
    expect((await zoneOk(a, zone('Ngor', 1000, ['Ngor']))).areas).toEqual([whole('Ngor')]);
  });

  it('lets every role read zones and quotes, and only admin, supervisor and seller change them', async () => {
    const fixture = await shop('Boutique Rôles Livraison');
    const centre = await zoneOk(as(fixture), zone('Centre', 1000, ['Médina']));

    for (const role of ['cashier', 'inventory-manager'] as const) {
      const a = as(fixture, role);
      expect(
        (await zonesOf(a)).map((z) => z.id),
        role,
      ).toEqual([centre.id]);
      const quoted = await quote(a, 'Médina');
      expect(quoted.status, role).toBe(200);
      expect(quoted.body.fee, role).toBe(1000);
      const refusals = [
        await post(a, 'createZone', zone('Ngor', 1000, ['Ngor'])),
        await post(a, 'updateZone', { id: centre.id, ...zone('Centre', 0, ['Médina']) }),
        await post(a, 'deleteZone', { id: centre.id }),
        await post(a, 'addStarterZones', { city: 'dakar' }),
      ];
      expect(
        refusals.map((r) => r.status),
        role,
      ).toEqual([403, 403, 403, 403]);
      expect(refusals[0]!.body.error.code).toBe('FORBIDDEN');
    }
    expect(await zonesOf(as(fixture))).toEqual([centre]);

    const seller = await post(as(fixture, 'seller'), 'createZone', zone('Ngor', 1000, ['Ngor']));
    expect(seller.status, JSON.stringify(seller.body)).toBe(200);
    const supervisor = await post(as(fixture, 'supervisor'), 'updateZone', {
      id: seller.body.id,
      ...zone('Ngor', 1200, ['Ngor']),
    });
    expect(supervisor.status, JSON.stringify(supervisor.body)).toBe(200);
    expect(supervisor.body.fee).toBe(1200);

    // Someone of another shop naming this one: the shop does not exist for them.
    const outsider: Actor = { token: bed.other.members.admin.token, shopId: fixture.shop.id };
    const answers = [
      await get(outsider, 'zones'),
      await quote(outsider, 'Médina'),
      await post(outsider, 'createZone', zone('Pirate', 0, ['Thiès'])),
      await post(outsider, 'deleteZone', { id: centre.id }),
    ];
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    expect(answers[0]!.body.error.message).toBe('La boutique est introuvable.');
    expect((await zonesOf(as(fixture))).map((z) => z.name)).toEqual(['Centre', 'Ngor']);
  });
});

describe('GET /api/delivery/quote', () => {
  it('prices an address: quartier before commune, active zones only, free past the threshold, minimum', async () => {
    const fixture = await shop('Boutique Devis');
    const a = as(fixture);
    const centre = await zoneOk(
      a,
      zone('Centre', 1000, ['Médina'], { freeFrom: 20_000, delay: 'le jour même' }),
    );
    const fass = await zoneOk(
      a,
      zone('Fass', 1500, [{ commune: 'Médina', quartier: 'Fass' }], { minOrder: 5_000 }),
    );
    const ouakam = await zoneOk(a, zone('Ouakam', 500, ['Ouakam'], { isActive: false }));

    const commune = await quote(a, 'medina', '', 3_000);
    expect(commune.status).toBe(200);
    expect(commune.body).toEqual({
      zone: {
        id: centre.id,
        name: 'Centre',
        fee: 1000,
        freeFrom: 20_000,
        minOrder: null,
        delay: 'le jour même',
      },
      fee: 1000,
      isFree: false,
      isBelowMinimum: false,
    });
    // A zone holding the quartier wins over the one holding the whole commune, however spelt.
    expect((await quote(a, 'MÉDINA', ' fass ', 3_000)).body).toEqual({
      zone: { id: fass.id, name: 'Fass', fee: 1500, freeFrom: null, minOrder: 5_000, delay: '' },
      fee: 1500,
      isFree: false,
      isBelowMinimum: true,
    });
    expect((await quote(a, 'Médina', 'Fass', 5_000)).body).toMatchObject({
      fee: 1500,
      isBelowMinimum: false,
    });
    // A quartier no zone names falls in its commune's zone.
    expect((await quote(a, 'Médina', 'Colobane', 0)).body.zone.id).toBe(centre.id);

    // Free from the threshold, not below it.
    expect((await quote(a, 'Médina', '', 19_999)).body).toMatchObject({ fee: 1000, isFree: false });
    expect((await quote(a, 'Médina', '', 20_000)).body).toMatchObject({
      zone: { id: centre.id },
      fee: 0,
      isFree: true,
      isBelowMinimum: false,
    });

    // An inactive zone prices nothing, until it is active again.
    const none = { zone: null, fee: null, isFree: false, isBelowMinimum: false };
    expect((await quote(a, 'Ouakam', '', 1_000)).body).toEqual(none);
    const active = await post(a, 'updateZone', { id: ouakam.id, ...zone('Ouakam', 500, ['Ouakam']) });
    expect(active.status).toBe(200);
    expect((await quote(a, 'Ouakam', '', 1_000)).body).toMatchObject({ zone: { id: ouakam.id }, fee: 500 });

    // An address in no zone, or none at all: no fee known.
    expect((await quote(a, 'Thiès', '', 1_000)).body).toEqual(none);
    expect((await quote(a, '', 'Fass', 1_000)).body).toEqual(none);
    // Another shop's zones price nothing here.
    expect((await quote(as(bed.other), 'Médina', '', 1_000)).body).toEqual(none);

    const bad = await quote(a, 'Médina', '', -1);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.details)).toEqual(['goods']);
  });
});

describe('POST /api/delivery/addStarterZones', () => {
  it('adds the four zones of Dakar once, and skips communes the shop already placed', async () => {
    const fixture = await shop('Boutique Départ');
    const a = as(fixture);
    const first = await post(a, 'addStarterZones', { city: 'dakar' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ created: 4 });
    const made = await zonesOf(a);
    expect(made.map((z) => [z.name, z.fee, z.areas.length, z.position])).toEqual([
      ['Dakar centre', 1000, 5, 0],
      ['Dakar ville', 1500, 14, 1],
      ['Banlieue', 2500, 5, 2],
      ['Rufisque et au-delà', 3500, 4, 3],
    ]);
    expect((await quote(a, 'medina')).body).toMatchObject({ zone: { name: 'Dakar centre' }, fee: 1000 });

    // Again: everything is placed already, nothing is added.
    const second = await post(a, 'addStarterZones', { city: 'dakar' });
    expect(second.body).toEqual({ created: 0 });
    expect(await zonesOf(a)).toEqual(made);

    const placed = await shop('Boutique Départ Partiel');
    const p = as(placed);
    const mine = await zoneOk(
      p,
      zone('Ma zone', 800, ['medina', 'PIKINE', 'guediawaye', 'Thiaroye', 'Mbao', 'keur-massar']),
    );
    expect((await post(p, 'addStarterZones', { city: 'dakar' })).body).toEqual({ created: 3 });
    const zones = await zonesOf(p);
    // « Banlieue » would have held only communes the shop placed: it is not made.
    expect(zones.map((z) => z.name)).toEqual([
      'Ma zone',
      'Dakar centre',
      'Dakar ville',
      'Rufisque et au-delà',
    ]);
    expect(zones[0]).toEqual(mine);
    expect(zones[1].areas.map((area: Area) => area.commune)).not.toContain('Médina');
    expect(zones[1].areas).toHaveLength(4);
    expect((await quote(p, 'Médina')).body).toMatchObject({ zone: { id: mine.id }, fee: 800 });

    const unknown = await post(p, 'addStarterZones', { city: 'thies' });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.error.details)).toEqual(['city']);
    expect(await zonesOf(p)).toEqual(zones);
  });
});

describe('POST /api/order/create with delivery zones', () => {
  const address = (commune: string, quartier = '') => ({
    quartier,
    commune,
    ville: 'Dakar',
    indications: '',
  });
  const money = (amount: number) => formatMoney(amount, 'XOF');

  async function zonedShop(name: string) {
    const fixture: ShopFixture = await shop(name);
    const a = as(fixture);
    const kit = await sellable(bed, a, 'Kit thiéboudienne', 5_000, { stock: 1_000 });
    await zoneOk(a, zone('Centre', 1500, ['Médina'], { freeFrom: 20_000 }));
    await zoneOk(a, zone('Rufisque', 3000, ['Rufisque'], { minOrder: 15_000 }));
    const orderCount = async () => {
      const list = await api.list(a);
      expect(list.status).toBe(200);
      return list.body.items.length as number;
    };
    return { fixture, a, kit, orderCount };
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const createdEvent = (order: any) => order.timeline.find((e: { type: string }) => e.type === 'created');

  it('charges the zone’s fee when none is given, nothing past its threshold', async () => {
    const { a, kit } = await zonedShop('Boutique Commande Zone');
    const order = await createOrderOk(bed, a, {
      channel: 'phone',
      lines: [line(kit.variantId, 2)],
      deliveryAddress: address('medina'),
    });
    expect(order).toMatchObject({ subtotal: 10_000, deliveryFee: 1500, total: 11_500 });
    expect(createdEvent(order).data.delivery).toEqual({
      zone: 'Centre',
      zoneFee: 1500,
      fee: 1500,
      reason: null,
    });

    const free = await createOrderOk(bed, a, {
      channel: 'phone',
      lines: [line(kit.variantId, 4)],
      deliveryAddress: address('Médina'),
    });
    expect(free).toMatchObject({ subtotal: 20_000, deliveryFee: 0, total: 20_000 });
    expect(createdEvent(free).data.delivery).toMatchObject({ zone: 'Centre', fee: 0, reason: null });

    // The zone's own fee, typed, needs no reason.
    const typed = await createOrderOk(bed, a, {
      lines: [line(kit.variantId, 1)],
      deliveryAddress: address('Médina'),
      deliveryFee: 1500,
    });
    expect(typed).toMatchObject({ deliveryFee: 1500, total: 6_500 });
  });

  it('takes another fee than the zone’s only with a reason, which the timeline keeps', async () => {
    const { a, kit, orderCount } = await zonedShop('Boutique Frais Motivés');
    const body = { channel: 'whatsapp', lines: [line(kit.variantId, 2)], deliveryAddress: address('medina') };
    const before = await orderCount();
    for (const reason of [undefined, '   ']) {
      const refused = await api.create(a, { ...body, deliveryFee: 1000, deliveryFeeReason: reason });
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body.error.details).toEqual({
        deliveryFeeReason: `La zone «${NBSP}Centre${NBSP}» est à ${money(1500)}${NBSP}: indiquez pourquoi vous demandez ${money(1000)}.`,
      });
    }
    expect(await orderCount()).toBe(before);

    const reason = 'Cliente fidèle, livraison à moitié prix';
    const order = await createOrderOk(bed, a, { ...body, deliveryFee: 1000, deliveryFeeReason: reason });
    expect(order).toMatchObject({ subtotal: 10_000, deliveryFee: 1000, total: 11_000 });
    expect(await orderCount()).toBe(before + 1);
    const read = await api.get(a, order.id);
    expect(read.status).toBe(200);
    expect(createdEvent(read.body).data.delivery).toEqual({
      zone: 'Centre',
      zoneFee: 1500,
      fee: 1000,
      reason,
    });
  });

  it('charges what is typed for an address in no zone, and nothing when nothing is typed', async () => {
    const { a, kit } = await zonedShop('Boutique Hors Zone');
    const typed = await createOrderOk(bed, a, {
      lines: [line(kit.variantId, 1)],
      deliveryAddress: address('Thiès'),
      deliveryFee: 700,
    });
    expect(typed).toMatchObject({ deliveryFee: 700, total: 5_700 });
    expect(createdEvent(typed).data).not.toHaveProperty('delivery');
    const untyped = await createOrderOk(bed, a, {
      lines: [line(kit.variantId, 1)],
      deliveryAddress: address('Thiès'),
    });
    expect(untyped).toMatchObject({ deliveryFee: 0, total: 5_000 });
    const noAddress = await createOrderOk(bed, a, { lines: [line(kit.variantId, 1)], deliveryFee: 300 });
    expect(noAddress).toMatchObject({ deliveryFee: 300, total: 5_300 });
  });

  it('prices a pinned address outside every zone by its distance from the shop, tier by tier', async () => {
    const { fixture, a, kit } = await zonedShop('Boutique Distance');
    // Bad settings: nothing saved.
    const refused = await post(a, 'updateSettings', {
      originPosition: 'Plateau',
      distanceTiers: [
        { upToKm: 10, fee: 2_000 },
        { upToKm: 5, fee: -1 },
      ],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toEqual({
      originPosition:
        'Collez la position GPS de la boutique («\u00a014.7456, -17.5123\u00a0») ou un lien Google Maps.',
      'distanceTiers.1.fee': 'Les frais ne peuvent pas être négatifs.',
      distanceTiers: 'Classez les paliers par distance croissante, sans doublon.',
    });
    expect((await get(a, 'settings')).body).toEqual({
      isProofCodeRequired: true,
      originPosition: '',
      distanceTiers: [],
    });
    expect((await post(as(fixture, 'cashier'), 'updateSettings', { originPosition: '' })).status).toBe(403);

    const saved = await post(a, 'updateSettings', {
      // The shop at Dakar Plateau, from the link its owner copied.
      originPosition: 'https://www.google.com/maps/@14.6708,-17.4381,17z',
      distanceTiers: [
        { upToKm: 5, fee: 1_500 },
        { upToKm: 15, fee: 3_000 },
      ],
    });
    expect(saved.body).toMatchObject({ isProofCodeRequired: true, originPosition: '14.670800,-17.438100' });
    // The Almadies are about 12 km away; Thiès, 60.
    const almadies = '14.7446, -17.5138';
    expect((await get(a, 'quote', { commune: 'Thiès', position: almadies })).body).toMatchObject({
      zone: { name: 'À 11,6 km de la boutique', fee: 3_000 },
      fee: 3_000,
    });
    expect((await get(a, 'quote', { commune: 'Thiès', position: '14.7910, -16.9359' })).body.fee).toBeNull();
    // A zone holding the address still wins over the distance.
    expect((await get(a, 'quote', { commune: 'Médina', position: almadies })).body.zone.name).toBe('Centre');

    const order = await createOrderOk(bed, a, {
      lines: [line(kit.variantId, 1)],
      deliveryAddress: {
        ...address('Thiès'),
        position: `https://maps.google.com/?q=${almadies.replace(' ', '')}`,
      },
    });
    expect(order).toMatchObject({ deliveryFee: 3_000, total: 8_000 });
    expect(order.deliveryAddress.position).toBe('14.744600,-17.513800');
    expect(createdEvent(order).data.delivery).toMatchObject({ zone: 'À 11,6 km de la boutique', fee: 3_000 });
    const badPin = await api.create(a, {
      lines: [line(kit.variantId, 1)],
      deliveryAddress: { ...address('Thiès'), position: 'derrière la pharmacie' },
    });
    expect(badPin.status).toBe(422);
    expect(Object.keys(badPin.body.error.details)).toEqual(['deliveryAddress.position']);
  });

  it('delivers under the zone’s minimum only with a reason', async () => {
    const { a, kit, orderCount } = await zonedShop('Boutique Minimum');
    const body = { lines: [line(kit.variantId, 2)], deliveryAddress: address('rufisque') };
    const before = await orderCount();
    const refused = await api.create(a, body);
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.error.details).toEqual({
      'deliveryAddress.commune': `La zone «${NBSP}Rufisque${NBSP}» est livrée à partir de ${money(15_000)} d’articles${NBSP}: ajoutez-en, ou indiquez la raison pour livrer quand même.`,
    });
    expect(await orderCount()).toBe(before);

    const reason = 'Client de passage, il insiste';
    const order = await createOrderOk(bed, a, { ...body, deliveryFeeReason: reason });
    expect(order).toMatchObject({ subtotal: 10_000, deliveryFee: 3000, total: 13_000 });
    expect(createdEvent(order).data.delivery).toEqual({ zone: 'Rufisque', zoneFee: 3000, fee: 3000, reason });
    // At the minimum, no reason is asked.
    const enough = await createOrderOk(bed, a, {
      lines: [line(kit.variantId, 3)],
      deliveryAddress: address('Rufisque'),
    });
    expect(enough).toMatchObject({ subtotal: 15_000, deliveryFee: 3000, total: 18_000 });
    expect(await orderCount()).toBe(before + 2);
  });

  it('lets « livraison offerte » of Réductions take the zone’s fee off, after the zone priced it', async () => {
    const { a, kit } = await zonedShop('Boutique Livraison Offerte');
    const discount = await bed.server.call('POST', '/api/discount/create', {
      token: a.token,
      body: {
        shopId: a.shopId,
        name: 'Livraison offerte',
        kind: 'automatic',
        value: { target: 'delivery' },
        conditions: { minSubtotal: 8_000 },
      },
    });
    expect(discount.status, JSON.stringify(discount.body)).toBe(200);
    // Under the discount's minimum: the zone's fee, charged.
    const small = await createOrderOk(bed, a, {
      lines: [line(kit.variantId, 1)],
      deliveryAddress: address('Médina'),
    });
    expect(small).toMatchObject({ deliveryFee: 1500, total: 6_500 });
    // At it: the zone priced 1 500, the discount took it off, and the order says both.
    const order = await createOrderOk(bed, a, {
      lines: [line(kit.variantId, 2)],
      deliveryAddress: address('Médina'),
    });
    expect(order).toMatchObject({ subtotal: 10_000, deliveryFee: 0, total: 10_000 });
    expect(order.adjustments).toMatchObject([{ type: 'delivery', name: 'Livraison offerte', amount: 1500 }]);
    expect(createdEvent(order).data.delivery).toMatchObject({ zone: 'Centre', zoneFee: 1500, fee: 1500 });
  });
});
