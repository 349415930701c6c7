import { describe, expect, it } from 'vitest';
import { clients } from '@/server/db/schema/customer';
import { newId } from '@/server/ids';
import { presetSegment, type TSegmentDefinition } from '@/features/crm/crm.schemas';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture, type ShopFixture } from '../helpers/fixtures';
import { putOnFreePlan } from '../helpers/catalogue';
import { as, type Actor } from '../helpers/orders';

/*
 * The CRM's segments: rules over the clients' figures, combined by « toutes » or « au moins une »,
 * counted live (with who an SMS can reach and why not the others), the French presets, saved per
 * shop; bad input named, the free plan and the roles refused by the server.
 */

const bed = setupApiTestbed();
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

const post = (a: Actor, path: string, body: Record<string, unknown>) =>
  bed.server.call('POST', `/api/crm/${path}`, { token: a.token, body: { shopId: a.shopId, ...body } });
const list = (a: Actor) =>
  bed.server.call('GET', `/api/crm/listSegments?shopId=${a.shopId}`, { token: a.token });

/** Six clients whose figures each rule tells apart. */
async function shopWithClients(name: string): Promise<{ fixture: ShopFixture; a: Actor }> {
  const fixture = await createShopFixture(bed.database.db, name);
  const month = new Date().getUTCMonth() + 1;
  const base = { shopId: fixture.shop.id, searchText: '' };
  await bed.database.db.insert(clients).values([
    // A best customer: much spent, many orders, ordered lately, first on the till, SMS consent.
    {
      ...base,
      id: newId(),
      name: 'Awa Best',
      phone: '+221770000101',
      totalSpent: 250_000,
      ordersCount: 8,
      firstOrderAt: ago(300),
      lastOrderAt: ago(5),
      firstChannel: 'pos',
      commune: 'Plateau',
      tags: ['VIP'],
      consentSmsAt: ago(100),
      consentSmsSource: 'till',
    },
    // At risk: two orders, the last 90 days ago; owes; born this month; no consent.
    {
      ...base,
      id: newId(),
      name: 'Moussa Risk',
      phone: '+221770000102',
      totalSpent: 30_000,
      ordersCount: 2,
      firstOrderAt: ago(200),
      lastOrderAt: ago(90),
      firstChannel: 'whatsapp',
      commune: 'Médina',
      balance: 5_000,
      birthdayDay: 12,
      birthdayMonth: month,
    },
    // New: first order ten days ago, on the site; SMS consent.
    {
      ...base,
      id: newId(),
      name: 'Fatou New',
      phone: '+221770000103',
      totalSpent: 12_000,
      ordersCount: 1,
      firstOrderAt: ago(10),
      lastOrderAt: ago(10),
      firstChannel: 'site',
      commune: 'plateau',
      tags: ['Revendeur'],
      consentSmsAt: ago(10),
      consentSmsSource: 'site',
    },
    // Never ordered, no phone.
    { ...base, id: newId(), name: 'Ibrahima Nophone', phone: null, commune: 'Pikine' },
    // Refused two cash-on-delivery parcels.
    {
      ...base,
      id: newId(),
      name: 'Aminata Refus',
      phone: '+221770000105',
      totalSpent: 0,
      ordersCount: 3,
      firstOrderAt: ago(40),
      lastOrderAt: ago(20),
      firstChannel: 'whatsapp',
      returnedCount: 2,
      consentWhatsappAt: ago(30),
      consentWhatsappSource: 'agent',
    },
    // Born another month, consent given, mid figures.
    {
      ...base,
      id: newId(),
      name: 'Cheikh Mid',
      phone: '+221770000106',
      totalSpent: 60_000,
      ordersCount: 4,
      firstOrderAt: ago(120),
      lastOrderAt: ago(30),
      firstChannel: 'pos',
      birthdayDay: 1,
      birthdayMonth: (month % 12) + 1,
      consentSmsAt: ago(50),
      consentSmsSource: 'till',
      tags: ['VIP', 'Revendeur'],
    },
  ]);
  return { fixture, a: as(fixture) };
}

async function names(a: Actor, definition: TSegmentDefinition): Promise<string[]> {
  const counted = await post(a, 'countSegment', { definition });
  expect(counted.status, JSON.stringify(counted.body)).toBe(200);
  return (counted.body.sample as Array<{ name: string }>).map((c) => c.name).sort();
}

describe('segments', () => {
  it('match each rule on the clients’ figures, combined by all or any', async () => {
    const { a } = await shopWithClients('Boutique Segments');
    const all = (...rules: TSegmentDefinition['rules']) => names(a, { match: 'all', rules });
    expect(await all({ field: 'totalSpent', op: 'gte', value: 60_000 })).toEqual(['Awa Best', 'Cheikh Mid']);
    expect(await all({ field: 'totalSpent', op: 'lte', value: 12_000 })).toEqual([
      'Aminata Refus',
      'Fatou New',
      'Ibrahima Nophone',
    ]);
    expect(await all({ field: 'ordersCount', op: 'gte', value: 4 })).toEqual(['Awa Best', 'Cheikh Mid']);
    expect(await all({ field: 'lastOrder', op: 'within', days: 15 })).toEqual(['Awa Best', 'Fatou New']);
    expect(await all({ field: 'lastOrder', op: 'before', days: 60 })).toEqual(['Moussa Risk']);
    expect(await all({ field: 'lastOrder', op: 'never' })).toEqual(['Ibrahima Nophone']);
    expect(await all({ field: 'firstOrder', days: 30 })).toEqual(['Fatou New']);
    expect(await all({ field: 'firstChannel', channels: ['pos', 'site'] })).toEqual([
      'Awa Best',
      'Cheikh Mid',
      'Fatou New',
    ]);
    // A commune matches whatever its case.
    expect(await all({ field: 'commune', communes: ['PLATEAU'] })).toEqual(['Awa Best', 'Fatou New']);
    expect(await all({ field: 'tags', op: 'any', tags: ['VIP'] })).toEqual(['Awa Best', 'Cheikh Mid']);
    expect(await all({ field: 'tags', op: 'all', tags: ['VIP', 'Revendeur'] })).toEqual(['Cheikh Mid']);
    expect(await all({ field: 'tags', op: 'none', tags: ['VIP', 'Revendeur'] })).toEqual([
      'Aminata Refus',
      'Ibrahima Nophone',
      'Moussa Risk',
    ]);
    expect(await all({ field: 'balance', has: true })).toEqual(['Moussa Risk']);
    expect(await all({ field: 'birthdayThisMonth' })).toEqual(['Moussa Risk']);
    expect(await all({ field: 'consent', channel: 'sms', given: true })).toEqual([
      'Awa Best',
      'Cheikh Mid',
      'Fatou New',
    ]);
    expect(await all({ field: 'consent', channel: 'whatsapp', given: true })).toEqual(['Aminata Refus']);
    expect(await all({ field: 'refusedCod', op: 'gte', value: 1 })).toEqual(['Aminata Refus']);

    // « toutes » narrows, « au moins une » widens.
    const rules: TSegmentDefinition['rules'] = [
      { field: 'tags', op: 'any', tags: ['VIP'] },
      { field: 'lastOrder', op: 'within', days: 15 },
    ];
    expect(await names(a, { match: 'all', rules })).toEqual(['Awa Best']);
    expect(await names(a, { match: 'any', rules })).toEqual(['Awa Best', 'Cheikh Mid', 'Fatou New']);
  });

  it('counts who an SMS reaches, and why the others are left out; the presets work', async () => {
    const { a } = await shopWithClients('Boutique Comptes');
    const counted = await post(a, 'countSegment', {
      definition: { match: 'any', rules: [{ field: 'totalSpent', op: 'gte', value: 0 }] },
    });
    expect(counted.body).toMatchObject({ total: 6, reachableSms: 3, noPhone: 1, noSmsConsent: 2 });
    // Best customers first.
    expect(counted.body.sample[0]).toMatchObject({ name: 'Awa Best', totalSpent: 250_000, consentSms: true });

    const preset = presetSegment;
    expect(await names(a, preset('meilleurs'))).toEqual(['Awa Best']);
    expect(await names(a, preset('fideles'))).toEqual(['Aminata Refus', 'Awa Best', 'Cheikh Mid']);
    expect(await names(a, preset('a-risque'))).toEqual(['Moussa Risk']);
    expect(await names(a, preset('nouveaux'))).toEqual(['Fatou New']);
    expect(await names(a, preset('anniversaires'))).toEqual(['Moussa Risk']);
  });

  it('are saved per shop under a unique name, listed with their count, changed and deleted', async () => {
    const { a } = await shopWithClients('Boutique Enregistre');
    const definition = presetSegment('a-risque');
    const saved = await post(a, 'saveSegment', { name: 'Relance Tabaski', definition });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Relance Tabaski', total: 1, reachableSms: 0 });
    const again = await post(a, 'saveSegment', { name: 'relance tabaski', definition });
    expect(again.status).toBe(422);
    expect(again.body.error.details).toEqual({ name: 'Un segment porte déjà ce nom.' });

    const changed = await post(a, 'saveSegment', {
      segmentId: saved.body._id,
      name: 'Relance VIP',
      definition: { match: 'all', rules: [{ field: 'tags', op: 'any', tags: ['VIP'] }] },
    });
    expect(changed.body).toMatchObject({
      _id: saved.body._id,
      name: 'Relance VIP',
      total: 2,
      reachableSms: 2,
    });
    expect((await list(a)).body.items).toEqual([expect.objectContaining({ name: 'Relance VIP', total: 2 })]);

    // Another shop neither sees nor touches it.
    const other = as(bed.other);
    expect((await list(other)).body.items).toEqual([]);
    expect((await post(other, 'deleteSegment', { segmentId: saved.body._id })).status).toBe(404);

    expect((await post(a, 'deleteSegment', { segmentId: saved.body._id })).status).toBe(200);
    expect((await list(a)).body.items).toEqual([]);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const { a } = await shopWithClients('Boutique Erreurs');
    const refused = async (body: Record<string, unknown>) => {
      const answer = await post(a, 'saveSegment', body);
      expect(answer.status).toBe(422);
      return answer.body.error.details as Record<string, string>;
    };
    expect(
      await refused({ name: '  ', definition: { match: 'all', rules: [{ field: 'balance', has: true }] } }),
    ).toEqual({
      name: 'Donnez un nom au segment.',
    });
    expect(await refused({ name: 'Vide', definition: { match: 'all', rules: [] } })).toEqual({
      'definition.rules': 'Ajoutez au moins une règle.',
    });
    expect(
      await refused({
        name: 'Négatif',
        definition: { match: 'all', rules: [{ field: 'totalSpent', op: 'gte', value: -5 }] },
      }),
    ).toEqual({ 'definition.rules.0.value': 'Un montant ne peut pas être négatif.' });
    expect(
      await refused({
        name: 'Sans jours',
        definition: { match: 'all', rules: [{ field: 'lastOrder', op: 'within' }] },
      }),
    ).toEqual({ 'definition.rules.0.days': 'Indiquez un nombre de jours.' });
    expect(
      await refused({
        name: 'Sans canal',
        definition: { match: 'all', rules: [{ field: 'firstChannel', channels: [] }] },
      }),
    ).toEqual({ 'definition.rules.0.channels': 'Choisissez au moins un canal.' });
    expect((await list(a)).body.items).toEqual([]);
  });

  it('are for paying shops and, to change, for admins, supervisors and sellers', async () => {
    const { fixture, a } = await shopWithClients('Boutique Rôles');
    const definition = { match: 'all', rules: [{ field: 'balance', has: true }] };
    // Every role reads and counts; the cashier and the stock manager do not save.
    expect((await post(as(fixture, 'cashier'), 'countSegment', { definition })).status).toBe(200);
    expect((await post(as(fixture, 'cashier'), 'saveSegment', { name: 'Caisse', definition })).status).toBe(
      403,
    );
    expect(
      (await post(as(fixture, 'inventory-manager'), 'saveSegment', { name: 'Stock', definition })).status,
    ).toBe(403);
    expect((await post(as(fixture, 'seller'), 'saveSegment', { name: 'Vendeur', definition })).status).toBe(
      200,
    );

    await putOnFreePlan(bed, fixture.shop.id);
    const free = await post(a, 'countSegment', { definition });
    expect(free.status).toBe(403);
    expect(free.body.error).toMatchObject({ code: 'PLAN_REQUIRED' });
    expect(free.body.error.message).toContain('Le CRM est inclus dans les forfaits payants');
    expect((await list(a)).status).toBe(403);
  });
});
