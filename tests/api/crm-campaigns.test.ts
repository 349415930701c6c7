import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { clients } from '@/server/db/schema/customer';
import { crmCampaignMessages, crmCampaigns } from '@/server/db/schema/crm';
import { shops, smsMessages } from '@/server/db/schema';
import { getEnv } from '@/server/env';
import { newId } from '@/server/ids';
import { runtime } from '@/server/runtime';
import { startJobQueue } from '@/server/jobs/pg-boss-queue';
import { JOBS } from '@/features/jobs';
import { isStopReply } from '@/features/crm/server/sms-inbound';
import { smsSentThisMonth } from '@/server/sms/sms-log';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture, type ShopFixture } from '../helpers/fixtures';
import { withEnv } from '../helpers/uploads';
import { as, plain, type Actor } from '../helpers/orders';

/*
 * SMS campaigns: each consenting client of a segment gets their own text (placeholders filled, the
 * STOP line added) from the job queue; the quota is counted in parts and never exceeded, even by two
 * campaigns at once; a STOP received meanwhile is honoured for a queued campaign; a restart sends
 * nothing twice; bad input is named and changes nothing.
 */

const bed = setupApiTestbed();
const EVERYONE = { match: 'all', rules: [{ field: 'totalSpent', op: 'gte', value: 0 }] };
const post = (a: Actor, path: string, body: Record<string, unknown>) =>
  bed.server.call('POST', `/api/crm/${path}`, { token: a.token, body: { shopId: a.shopId, ...body } });
const get = (a: Actor, path: string, query: Record<string, string> = {}) =>
  bed.server.call('GET', `/api/crm/${path}?${new URLSearchParams({ shopId: a.shopId, ...query })}`, {
    token: a.token,
  });

let phoneSeq = 0;
/** A shop on `plan` with `consenting` clients who accept SMS and one who does not. */
async function shopWith(
  name: string,
  consenting: number,
  plan = 'starter',
): Promise<{ fixture: ShopFixture; a: Actor; phones: string[] }> {
  const fixture = await createShopFixture(bed.database.db, name);
  await bed.database.db
    .update(shops)
    .set({ subscriptionPlan: plan, shopExpiresAt: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(shops.id, fixture.shop.id));
  const phones = Array.from(
    { length: consenting },
    () => `+22177${String(1_000_000 + phoneSeq++).padStart(7, '0')}`,
  );
  await bed.database.db.insert(clients).values([
    ...phones.map((phone, i) => ({
      id: newId(),
      shopId: fixture.shop.id,
      name: `Cliente ${i} Diallo`,
      firstName: i === 0 ? 'Awa' : '',
      phone,
      searchText: '',
      consentSmsAt: new Date(),
      consentSmsSource: 'till',
    })),
    {
      id: newId(),
      shopId: fixture.shop.id,
      name: 'Sans Accord',
      phone: `+22176${String(phoneSeq++).padStart(7, '0')}`,
      searchText: '',
    },
  ]);
  return { fixture, a: as(fixture), phones };
}

const gatewayLines = () =>
  fs.existsSync(getEnv().SMS_FILE_PATH!)
    ? fs
        .readFileSync(getEnv().SMS_FILE_PATH!, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { to: string; body: string })
    : [];
const sentTo = (phone: string) => gatewayLines().filter((m) => m.to === phone);

async function messagesOf(campaignId: string) {
  return bed.database.db
    .select()
    .from(crmCampaignMessages)
    .where(eq(crmCampaignMessages.campaignId, campaignId));
}

describe('SMS campaigns', () => {
  it('send each consenting client their own text from the queue, counted in parts', async () => {
    const { fixture, a, phones } = await shopWith('Boutique Campagne', 3);
    const started = await post(a, 'startCampaign', {
      name: 'Tabaski',
      definition: EVERYONE,
      template: 'Bonjour {prénom}, -20 % chez {boutique} ce week-end !',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // The client without consent is left out.
    expect(started.body).toMatchObject({ recipients: 3, parts: 3 });
    await vi.waitFor(() => expect(phones.every((p) => sentTo(p).length === 1)).toBe(true), {
      timeout: 15_000,
      interval: 100,
    });
    const first = sentTo(phones[0]!)[0]!;
    expect(first.body).toBe(
      'Bonjour Awa, -20 % chez Boutique Campagne ce week-end !\nRépondez STOP pour vous désinscrire',
    );
    // No first name: the first word of the name.
    expect(sentTo(phones[1]!)[0]!.body).toMatch(/^Bonjour Cliente,/);
    await vi.waitFor(async () =>
      expect((await messagesOf(started.body.campaignId)).map((m) => m.status)).toEqual([
        'sent',
        'sent',
        'sent',
      ]),
    );
    expect(await smsSentThisMonth(bed.database.db, fixture.shop)).toBe(3);
    const listed = await get(a, 'listCampaigns');
    expect(listed.body.items[0]).toMatchObject({
      name: 'Tabaski',
      recipients: 3,
      sent: 3,
      status: 'terminée',
    });
    const detail = await get(a, 'campaign', { campaignId: started.body.campaignId });
    expect(detail.body.messages).toHaveLength(3);
    expect(detail.body.messages[0]).toMatchObject({ status: 'sent', parts: 1 });
  });

  it('write the STOP number when the gateway has one, and count a long accented message in parts', async () => {
    await withEnv({ SMS_STOP_NUMBER: '21 21' }, async () => {
      const { a, phones } = await shopWith('Boutique Longue', 1);
      // 80 characters with a « ê »: UCS-2, so 2 parts of 67 with the STOP line.
      const template = `Fête des mères chez {boutique} : ${'x'.repeat(40)}`;
      const started = await post(a, 'startCampaign', { name: 'Fête', definition: EVERYONE, template });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(started.body).toMatchObject({ recipients: 1, parts: 2 });
      await vi.waitFor(() => expect(sentTo(phones[0]!)).toHaveLength(1), { timeout: 15_000, interval: 100 });
      expect(sentTo(phones[0]!)[0]!.body.endsWith('\nSTOP au 21 21')).toBe(true);
    });
  });

  it('never exceed the quota, even when two campaigns start at once', async () => {
    const { fixture, a } = await shopWith('Boutique Quota', 6);
    // The starter plan's 100 SMS: 96 used, so one campaign of 6 parts would not fit, and 4 left.
    await bed.database.db.insert(smsMessages).values(
      Array.from({ length: 48 }, (_, i) => ({
        id: `used-${fixture.shop.id}-${i}`,
        shopId: fixture.shop.id,
        phone: '+221770000000',
        purpose: 'reminder',
        parts: 2,
      })),
    );
    const over = await post(a, 'startCampaign', { name: 'Trop', definition: EVERYONE, template: 'Promo' });
    expect(over.status).toBe(403);
    expect(over.body.error.code).toBe('QUOTA_EXCEEDED');
    expect(plain(over.body.error.message)).toBe(
      'Cette campagne compte 6 SMS pour 6 destinataires ; il vous en reste 4 ce mois-ci sur votre forfait Starter. Réduisez le segment, raccourcissez le message ou passez à un forfait supérieur.',
    );
    await bed.database.db
      .update(clients)
      .set({ commune: 'Plateau' })
      .where(eq(clients.shopId, fixture.shop.id));
    const plateau = { match: 'all', rules: [{ field: 'commune', communes: ['Plateau'] }] };
    await bed.database.db.delete(smsMessages).where(eq(smsMessages.id, `used-${fixture.shop.id}-0`));
    // Now 94 used, 6 left: two campaigns of 6 started at once, and exactly one goes.
    const [one, two] = await Promise.all([
      post(a, 'startCampaign', { name: 'Course A', definition: plateau, template: 'A' }),
      post(a, 'startCampaign', { name: 'Course B', definition: plateau, template: 'B' }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 403]);
    expect(await smsSentThisMonth(bed.database.db, fixture.shop)).toBe(100);
    expect(
      await bed.database.db.select().from(crmCampaigns).where(eq(crmCampaigns.shopId, fixture.shop.id)),
    ).toHaveLength(1);
  });

  it('honour a STOP received while the campaign waits, and give its SMS back', async () => {
    await withEnv({ SMS_INBOUND_SECRET: 'passerelle-secrete' }, async () => {
      const { fixture, a, phones } = await shopWith('Boutique Stop', 2);
      const started = await post(a, 'startCampaign', {
        name: 'Programmée',
        definition: EVERYONE,
        template: 'Nouveautés chez {boutique}',
        sendAt: new Date(Date.now() + 3_000).toISOString(),
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect((await get(a, 'listCampaigns')).body.items[0].status).toBe('programmée');
      const inbound = (headers: Record<string, string>, body: unknown) =>
        bed.server.call('POST', '/api/sms/inbound', { headers, body });
      // Unsigned, badly signed: refused, nothing changes.
      expect((await inbound({}, { from: phones[0], text: 'STOP' })).status).toBe(401);
      expect(
        (await inbound({ 'x-comptoir-secret': 'autre' }, { from: phones[0], text: 'STOP' })).status,
      ).toBe(401);
      expect(
        (await inbound({ 'x-comptoir-secret': 'passerelle-secrete' }, { from: phones[0], text: 'Merci !' }))
          .body,
      ).toEqual({
        stop: false,
      });
      const stop = await inbound(
        { 'x-comptoir-secret': 'passerelle-secrete' },
        { from: phones[0], text: ' Stop pub ' },
      );
      expect(stop.body).toEqual({ stop: true, withdrawn: 1 });
      await vi.waitFor(
        async () =>
          expect((await messagesOf(started.body.campaignId)).map((m) => m.status).sort()).toEqual([
            'sent',
            'skipped',
          ]),
        { timeout: 20_000, interval: 200 },
      );
      expect(sentTo(phones[0]!)).toEqual([]);
      expect(sentTo(phones[1]!)).toHaveLength(1);
      expect(await smsSentThisMonth(bed.database.db, fixture.shop)).toBe(1);
    });
    await withEnv({ SMS_INBOUND_SECRET: undefined }, async () => {
      expect(
        (await bed.server.call('POST', '/api/sms/inbound', { body: { from: '+221770000000', text: 'STOP' } }))
          .status,
      ).toBe(503);
    });
  }, 40_000);

  it('survive a restart: queued messages go once the queue works again, a message cut mid-call is not sent twice', async () => {
    const { a, phones } = await shopWith('Boutique Redémarrage', 3);
    // The server that queues the campaign dies before sending anything: a queue that does not work.
    const working = runtime.jobs;
    const idle = await startJobQueue(bed.database.db, bed.database.jobStore, JOBS, {
      work: false,
      schedules: false,
    });
    runtime.jobs = idle;
    let campaignId = '';
    try {
      await working!.stop(2_000);
      const started = await post(a, 'startCampaign', {
        name: 'Coupure',
        definition: EVERYONE,
        template: 'Salut',
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      campaignId = started.body.campaignId;
      // One message was being handed to the gateway when the server died.
      const [cut] = await messagesOf(campaignId);
      await bed.database.db
        .update(crmCampaignMessages)
        .set({ status: 'sending' })
        .where(and(eq(crmCampaignMessages.id, cut!.id)));
      await new Promise((r) => setTimeout(r, 500));
      expect(phones.flatMap(sentTo)).toEqual([]);
    } finally {
      await idle.stop(1_000);
      // Another server starts: it works the queue.
      runtime.jobs = await startJobQueue(bed.database.db, bed.database.jobStore, JOBS, { schedules: false });
    }
    await vi.waitFor(
      async () =>
        expect((await messagesOf(campaignId)).map((m) => m.status).sort()).toEqual([
          'failed',
          'sent',
          'sent',
        ]),
      { timeout: 20_000, interval: 200 },
    );
    const cut = (await messagesOf(campaignId)).find((m) => m.status === 'failed')!;
    expect(plain(cut.error!)).toBe('Envoi interrompu : état inconnu, non renvoyé.');
    expect(sentTo(cut.phone)).toEqual([]);
    expect(phones.filter((p) => p !== cut.phone).map((p) => sentTo(p).length)).toEqual([1, 1]);
  }, 40_000);

  it('refuse bad input naming the field, and start nothing', async () => {
    const { fixture, a } = await shopWith('Boutique Refus', 2);
    const refused = async (body: Record<string, unknown>) => {
      const answer = await post(a, 'startCampaign', {
        name: 'X',
        definition: EVERYONE,
        template: 'Bonjour',
        ...body,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      return answer.body.error.details;
    };
    expect(await refused({ template: '   ' })).toEqual({ template: 'Écrivez le message.' });
    expect(await refused({ name: '' })).toEqual({ name: 'Donnez un nom à la campagne.' });
    expect(await refused({ sendAt: new Date(Date.now() - 3_600_000).toISOString() })).toEqual({
      sendAt: 'L’envoi programmé doit être dans le futur.',
    });
    expect(await refused({ template: 'Bonjour {prenom}' })).toEqual({
      template: 'Espace réservé inconnu\u00a0: {prenom}. Utilisez {prénom}, {boutique} ou {code}.',
    });
    expect(
      await refused({
        definition: { match: 'all', rules: [{ field: 'consent', channel: 'sms', given: false }] },
      }),
    ).toEqual({
      definition: 'Ce segment ne compte aucun client joignable par SMS (téléphone et accord SMS).',
    });
    expect(
      await bed.database.db.select().from(crmCampaigns).where(eq(crmCampaigns.shopId, fixture.shop.id)),
    ).toEqual([]);
    expect(await smsSentThisMonth(bed.database.db, fixture.shop)).toBe(0);
    // The cashier reads campaigns but starts none.
    expect(
      (
        await post(as(fixture, 'cashier'), 'startCampaign', {
          name: 'X',
          definition: EVERYONE,
          template: 'A',
        })
      ).status,
    ).toBe(403);
    expect((await get(as(fixture, 'cashier'), 'listCampaigns')).status).toBe(200);
  });

  it('send a test to the agent’s own phone, as a client will read it', async () => {
    const { fixture, a } = await shopWith('Boutique Test', 1);
    const sent = await post(a, 'sendTestSms', { template: 'Coucou {prénom} de {boutique}' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.text).toBe(
      `Coucou ${fixture.members.admin.user.firstName} de Boutique Test\nRépondez STOP pour vous désinscrire`,
    );
    await vi.waitFor(() => expect(sentTo(sent.body.phone)).toHaveLength(1), {
      timeout: 10_000,
      interval: 100,
    });
  });

  it('preview who gets what, in parts, and what is left of the month', async () => {
    const { a, phones } = await shopWith('Boutique Aperçu', 4);
    const preview = await post(a, 'previewCampaign', { definition: EVERYONE, template: 'Salut {prénom} !' });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ recipients: 4, parts: 4, smsLeft: 100 });
    expect(preview.body.samples).toHaveLength(3);
    expect(preview.body.samples.map((s: { phone: string }) => s.phone).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\+22177/)]),
    );
    expect(phones).toHaveLength(4);
    const bad = await post(a, 'previewCampaign', { definition: EVERYONE, template: '{nom}' });
    expect(bad.status).toBe(422);
  });

  it('know a STOP reply whatever its case and accents', () => {
    for (const text of ['STOP', 'stop', ' Stop pub', 'ARRÊT', 'arret', 'STOP SMS'])
      expect(isStopReply(text)).toBe(true);
    for (const text of ['Stop le bruit', 'Merci', 'non stop']) expect(isStopReply(text)).toBe(false);
  });
});
