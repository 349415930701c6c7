import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { clients } from '@/server/db/schema/customer';
import { crmCampaignMessages } from '@/server/db/schema/crm';
import { shops, smsMessages } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { runShopAutomations } from '@/features/crm/server/automations';
import { smsSentThisMonth } from '@/server/sms/sms-log';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture } from '../helpers/fixtures';
import { as, plain, type Actor } from '../helpers/orders';
import { putOnFreePlan } from '../helpers/catalogue';
import { smsSentTo } from '../helpers/sms-outbox';

/*
 * CRM automations (issue CRM): anniversaire with a code, client à risque after N days, merci after
 * the first purchase, rappel d'ardoise; each writes to a client at most once per occasion, in the
 * shop's daytime, within what is left of the month's SMS; the settings refuse bad input by field.
 */

const bed = setupApiTestbed();
const DAY = 86_400_000;
const post = (a: Actor, path: string, body: Record<string, unknown>) =>
  bed.server.call('POST', `/api/${path}`, { token: a.token, body: { shopId: a.shopId, ...body } });
const get = (a: Actor, path: string, query: Record<string, string> = {}) =>
  bed.server.call('GET', `/api/${path}?${new URLSearchParams({ shopId: a.shopId, ...query })}`, {
    token: a.token,
  });

/** Today at `hour` o'clock in Dakar (UTC), the instant each run is made at. */
function todayAt(hour: number): Date {
  const at = new Date();
  at.setUTCHours(hour, 0, 0, 0);
  return at;
}

let phoneSeq = 0;
const nextPhone = () => `+22176${String(3_000_000 + phoneSeq++).padStart(7, '0')}`;

async function starterShop(name: string) {
  const fixture = await createShopFixture(bed.database.db, name);
  await bed.database.db
    .update(shops)
    .set({ subscriptionPlan: 'starter', shopExpiresAt: new Date(Date.now() + 30 * DAY) })
    .where(eq(shops.id, fixture.shop.id));
  return { fixture, a: as(fixture) };
}

async function client(shopId: string, firstName: string, extra: Partial<typeof clients.$inferInsert> = {}) {
  const phone = nextPhone();
  await bed.database.db.insert(clients).values({
    id: newId(),
    shopId,
    name: `${firstName} Ndiaye`,
    firstName,
    phone,
    searchText: '',
    consentSmsAt: new Date(),
    consentSmsSource: 'till',
    ...extra,
  });
  return phone;
}

const gatewayTo = smsSentTo;

async function codeDiscount(a: Actor): Promise<string> {
  const answer = await post(a, 'discount/create', {
    name: 'Anniversaire -15 %',
    kind: 'code',
    code: 'ANNIV15',
    value: { target: 'order', reduction: { type: 'percentage', percentage: 15 } },
    combinesWith: { order: false, product: true, delivery: true },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.id;
}

async function enable(a: Actor, kind: string, extra: Record<string, unknown> = {}) {
  const listed = await get(a, 'crm/automations');
  const current = listed.body.items.find((i: { kind: string }) => i.kind === kind);
  const saved = await post(a, 'crm/saveAutomation', {
    kind,
    enabled: true,
    template: current.template,
    ...extra,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body;
}

describe('CRM automations', () => {
  it('write to each client due, once per occasion, in the daytime, with their own text', async () => {
    const { fixture, a } = await starterShop('Boutique Automatique');
    const shopId = fixture.shop.id;
    const now = todayAt(11);
    const birthday = { birthdayDay: now.getUTCDate(), birthdayMonth: now.getUTCMonth() + 1 };
    const awa = await client(shopId, 'Awa', birthday);
    const noConsent = await client(shopId, 'Binta', { ...birthday, consentSmsAt: null });
    const lapsed = await client(shopId, 'Coumba', {
      ordersCount: 3,
      lastOrderAt: new Date(now.getTime() - 62 * DAY),
    });
    const goneForYears = await client(shopId, 'Dior', {
      ordersCount: 1,
      lastOrderAt: new Date(now.getTime() - 800 * DAY),
    });
    const newcomer = await client(shopId, 'Fatou', {
      ordersCount: 1,
      firstOrderAt: new Date(now.getTime() - 5 * 3_600_000),
      lastOrderAt: new Date(now.getTime() - 5 * 3_600_000),
    });
    // The reminder is about a debt: no marketing consent needed, and no STOP line.
    const debtor = await client(shopId, 'Khady', {
      consentSmsAt: null,
      ordersCount: 2,
      balance: 12_500,
      lastOrderAt: new Date(now.getTime() - 10 * DAY),
    });

    const discountId = await codeDiscount(a);
    await enable(a, 'anniversaire', { discountId });
    await enable(a, 'a-risque', { days: 60 });
    await enable(a, 'merci');
    await enable(a, 'ardoise', { days: 7 });

    // At night nothing goes; at 11 o'clock each client due gets one message.
    expect(await runShopAutomations(bed.database.db, shopId, todayAt(22))).toEqual({});
    expect(await runShopAutomations(bed.database.db, shopId, now)).toEqual({
      anniversaire: 1,
      'a-risque': 1,
      merci: 1,
      ardoise: 1,
    });
    await vi.waitFor(
      () => expect([awa, lapsed, newcomer, debtor].map((p) => gatewayTo(p).length)).toEqual([1, 1, 1, 1]),
      { timeout: 15_000, interval: 100 },
    );
    expect(plain(gatewayTo(awa)[0]!.body)).toMatch(
      /^Joyeux anniversaire Awa ! Boutique Automatique vous offre une réduction avec le code [A-Z0-9]{8}\.\nRépondez STOP pour vous désinscrire$/,
    );
    expect(gatewayTo(lapsed)[0]!.body).toMatch(/^Bonjour Coumba, vous nous manquez/);
    expect(gatewayTo(newcomer)[0]!.body).toMatch(/^Merci Fatou pour votre premier achat/);
    expect(plain(gatewayTo(debtor)[0]!.body)).toBe(
      'Bonjour Khady, votre ardoise chez Boutique Automatique est de 12 500 FCFA. Merci de passer la régler ou de payer par mobile money.',
    );
    expect(gatewayTo(noConsent)).toEqual([]);
    // The card's latest messages: the reminder, sent, with its text.
    const latest = await get(a, 'crm/automationMessages', { kind: 'ardoise' });
    expect(latest.status, JSON.stringify(latest.body)).toBe(200);
    expect(latest.body.messages).toMatchObject([{ phone: debtor, status: 'sent' }]);
    expect((await get(a, 'crm/automationMessages', { kind: 'fete' })).status).toBe(422);
    // Each message sent is on its client's history, as an agent's SMS is.
    const [coumba] = await bed.database.db.select().from(clients).where(eq(clients.phone, lapsed));
    await vi.waitFor(async () => {
      const timeline = await bed.server.call(
        'GET',
        `/api/client/timeline?shopId=${a.shopId}&clientId=${coumba!.id}`,
        { token: a.token },
      );
      expect(timeline.status, JSON.stringify(timeline.body)).toBe(200);
      expect(JSON.stringify(timeline.body)).toContain('vous nous manquez');
    });
    expect(gatewayTo(goneForYears)).toEqual([]);

    // The next hour, and two runs at once: nobody is written to twice for the same occasion.
    const later = new Date(now.getTime() + 3_600_000);
    const again = await Promise.all([
      runShopAutomations(bed.database.db, shopId, later),
      runShopAutomations(bed.database.db, shopId, later),
    ]);
    expect(again).toEqual([{}, {}]);
    const messages = await bed.database.db
      .select()
      .from(crmCampaignMessages)
      .where(eq(crmCampaignMessages.shopId, shopId));
    expect(messages).toHaveLength(4);
    expect(await smsSentThisMonth(bed.database.db, fixture.shop, now)).toBe(4);

    const listed = await get(a, 'crm/automations');
    await vi.waitFor(async () => {
      const figures = (await get(a, 'crm/automations')).body.items.map(
        (i: { kind: string; sent30Days: number }) => [i.kind, i.sent30Days],
      );
      expect(figures).toEqual([
        ['anniversaire', 1],
        ['a-risque', 1],
        ['merci', 1],
        ['ardoise', 1],
      ]);
    });
    expect(listed.body.items[0]).toMatchObject({ kind: 'anniversaire', enabled: true, discountId });
  });

  it('send no more than what is left of the month, the rest waiting', async () => {
    const { fixture, a } = await starterShop('Boutique Forfait');
    const shopId = fixture.shop.id;
    const now = todayAt(10);
    for (const name of ['A', 'B', 'C'])
      await client(shopId, name, { ordersCount: 1, firstOrderAt: new Date(now.getTime() - 3_600_000) });
    // 98 of the starter plan's 100 SMS spent already.
    await bed.database.db
      .insert(smsMessages)
      .values({ id: newId(), shopId, phone: '+221770000000', purpose: 'receipt', parts: 98, createdAt: now });
    await enable(a, 'merci');
    expect(await runShopAutomations(bed.database.db, shopId, now)).toEqual({ merci: 2 });
    expect(await runShopAutomations(bed.database.db, shopId, now)).toEqual({});
    expect(await smsSentThisMonth(bed.database.db, fixture.shop, now)).toBe(100);
  });

  it('reach every client due, page after page, those written to already hiding no one', async () => {
    const { fixture, a } = await starterShop('Boutique Ardoises');
    const shopId = fixture.shop.id;
    const now = todayAt(15);
    for (const name of ['Aïssatou', 'Bineta', 'Codou'])
      await client(shopId, name, {
        balance: 2000,
        ordersCount: 1,
        lastOrderAt: new Date(now.getTime() - 9 * DAY),
      });
    await enable(a, 'ardoise', { days: 7 });
    // Two a run: the third is reached by the next run, not hidden behind the two reminded already.
    expect(await runShopAutomations(bed.database.db, shopId, now, 2)).toEqual({ ardoise: 2 });
    expect(await runShopAutomations(bed.database.db, shopId, now, 2)).toEqual({ ardoise: 1 });
    expect(await runShopAutomations(bed.database.db, shopId, now, 2)).toEqual({});
  });

  it('refuse bad settings naming the field, and keep the last good ones', async () => {
    const { fixture, a } = await starterShop('Boutique Réglages');
    const defaults = await get(a, 'crm/automations');
    expect(defaults.status).toBe(200);
    expect(
      defaults.body.items.map((i: { kind: string; enabled: boolean; days: number | null }) => [
        i.kind,
        i.enabled,
        i.days,
      ]),
    ).toEqual([
      ['anniversaire', false, null],
      ['a-risque', false, 60],
      ['merci', false, null],
      ['ardoise', false, 7],
    ]);
    const refused = async (body: Record<string, unknown>) => {
      const answer = await post(a, 'crm/saveAutomation', {
        kind: 'merci',
        enabled: true,
        template: 'Merci',
        ...body,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      return Object.fromEntries(
        Object.entries(answer.body.error.details as Record<string, string>).map(([k, v]) => [k, plain(v)]),
      );
    };
    expect(await refused({ template: 'Merci {montant}' })).toEqual({
      template: 'Espace réservé inconnu : {montant}. Utilisez {prénom}, {boutique}, {code}.',
    });
    expect(await refused({ kind: 'a-risque', days: 3 })).toEqual({ days: 'Indiquez entre 14 et 365 jours.' });
    expect(await refused({ template: 'Votre code {code}' })).toEqual({
      discountId: 'Choisissez une réduction par code active pour remplir {code}.',
    });
    expect(await refused({ template: '  ' })).toEqual({ template: 'Écrivez le message.' });
    expect(await refused({ kind: 'fete' })).toEqual({ kind: 'Automatisation inconnue.' });
    const after = await get(a, 'crm/automations');
    expect(after.body.items.every((i: { enabled: boolean }) => !i.enabled)).toBe(true);

    // The cashier reads them, changes nothing; a free shop has no CRM.
    expect((await get(as(fixture, 'cashier'), 'crm/automations')).status).toBe(200);
    expect(
      (
        await post(as(fixture, 'cashier'), 'crm/saveAutomation', {
          kind: 'merci',
          enabled: true,
          template: 'Merci',
        })
      ).status,
    ).toBe(403);
    await putOnFreePlan(bed, fixture.shop.id);
    const free = await post(a, 'crm/saveAutomation', { kind: 'merci', enabled: true, template: 'Merci' });
    expect([free.status, free.body.error.code]).toEqual([403, 'PLAN_REQUIRED']);
  });
});
