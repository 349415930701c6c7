import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clients } from '@/server/db/schema/customer';
import { crmCampaignMessages } from '@/server/db/schema/crm';
import { shops } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { smsSentThisMonth } from '@/server/sms/sms-log';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture } from '../helpers/fixtures';
import { withEnv } from '../helpers/uploads';
import { as, type Actor } from '../helpers/orders';

/*
 * WhatsApp campaigns (issue CRM): offered only where Comptoir has a WhatsApp gateway, with the cost
 * per message; sent through the message interface to clients with WhatsApp consent, outside the
 * SMS quota; Meta's signed webhook withdraws consent on « STOP » and reports deliveries.
 */

const bed = setupApiTestbed();
const EVERYONE = { match: 'all', rules: [{ field: 'totalSpent', op: 'gte', value: 0 }] };

/** Meta's Cloud API on this machine: takes each message, answers its « wamid ». */
const received: Array<{ to: string; text: { body: string } }> = [];
let cloud: http.Server;
let cloudUrl = '';
beforeAll(async () => {
  cloud = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push(JSON.parse(body) as { to: string; text: { body: string } });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ messages: [{ id: `wamid.${received.length}` }] }));
    });
  });
  await new Promise<void>((resolve) => cloud.listen(0, '127.0.0.1', resolve));
  cloudUrl = `http://127.0.0.1:${(cloud.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => cloud.close(() => resolve())));

const WHATSAPP = () => ({
  WHATSAPP_DRIVER: 'cloud',
  WHATSAPP_CLOUD_API_URL: cloudUrl,
  WHATSAPP_CLOUD_TOKEN: 'jeton',
  WHATSAPP_CLOUD_PHONE_NUMBER_ID: '1234',
  WHATSAPP_MESSAGE_COST: '25',
  WHATSAPP_APP_SECRET: 'secret-meta',
  WHATSAPP_VERIFY_TOKEN: 'verifie-moi',
});

const post = (a: Actor, path: string, body: Record<string, unknown>) =>
  bed.server.call('POST', `/api/crm/${path}`, { token: a.token, body: { shopId: a.shopId, ...body } });

async function shopWithClients() {
  const fixture = await createShopFixture(bed.database.db, 'Boutique WhatsApp');
  await bed.database.db
    .update(shops)
    .set({ subscriptionPlan: 'starter', shopExpiresAt: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(shops.id, fixture.shop.id));
  const base = { shopId: fixture.shop.id, searchText: '' };
  await bed.database.db.insert(clients).values([
    { ...base, id: newId(), name: 'Awa', phone: '+221776660001', consentWhatsappAt: new Date() },
    {
      ...base,
      id: newId(),
      name: 'Binta',
      phone: '+221776660002',
      consentWhatsappAt: new Date(),
      consentSmsAt: new Date(),
    },
    { ...base, id: newId(), name: 'Coumba', phone: '+221776660003', consentSmsAt: new Date() },
  ]);
  return { fixture, a: as(fixture) };
}

describe('WhatsApp campaigns', () => {
  it('are not offered, and refused by name, without a WhatsApp gateway', async () => {
    const { a } = await shopWithClients();
    const options = await bed.server.call('GET', `/api/crm/campaignOptions?shopId=${a.shopId}`, {
      token: a.token,
    });
    expect(options.body).toEqual({ whatsapp: null });
    const refused = await post(a, 'startCampaign', {
      name: 'WA',
      definition: EVERYONE,
      template: 'Bonjour',
      channel: 'whatsapp',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.channel).toMatch(/passerelle WhatsApp/);
  });

  it('go to clients with WhatsApp consent, cost shown, outside the SMS quota; STOP and statuses come back signed', async () => {
    await withEnv(WHATSAPP(), async () => {
      const { fixture, a } = await shopWithClients();
      const options = await bed.server.call('GET', `/api/crm/campaignOptions?shopId=${a.shopId}`, {
        token: a.token,
      });
      expect(options.body).toEqual({ whatsapp: { costPerMessage: 25 } });
      const preview = await post(a, 'previewCampaign', {
        definition: EVERYONE,
        template: 'Bonjour {prénom}, nouveautés chez {boutique} !',
        channel: 'whatsapp',
      });
      expect(preview.body).toMatchObject({ recipients: 2, cost: 50, smsLeft: null });

      const started = await post(a, 'startCampaign', {
        name: 'Nouveautés',
        definition: EVERYONE,
        template: 'Bonjour {prénom}, nouveautés chez {boutique} !',
        channel: 'whatsapp',
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(started.body.recipients).toBe(2);
      await vi.waitFor(
        () => expect(received.map((m) => m.to).sort()).toEqual(['221776660001', '221776660002']),
        {
          timeout: 15_000,
          interval: 100,
        },
      );
      expect(received[0]!.text.body).toMatch(
        /nouveautés chez Boutique WhatsApp !\nRépondez STOP pour vous désinscrire$/,
      );
      expect(await smsSentThisMonth(bed.database.db, fixture.shop)).toBe(0);
      const messages = await bed.database.db
        .select()
        .from(crmCampaignMessages)
        .where(eq(crmCampaignMessages.campaignId, started.body.campaignId));
      await vi.waitFor(async () => {
        const rows = await bed.database.db
          .select()
          .from(crmCampaignMessages)
          .where(eq(crmCampaignMessages.campaignId, started.body.campaignId));
        expect(rows.map((m) => [m.channel, m.status, m.providerId?.startsWith('wamid.')])).toEqual([
          ['whatsapp', 'sent', true],
          ['whatsapp', 'sent', true],
        ]);
      });
      expect(messages).toHaveLength(2);

      // Meta's webhook: the subscription check, then signed calls only.
      const check = await bed.server.call(
        'GET',
        '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=verifie-moi&hub.challenge=42',
      );
      expect([check.status, check.body]).toEqual([200, 42]);
      expect(
        (
          await bed.server.call(
            'GET',
            '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=non&hub.challenge=1',
          )
        ).status,
      ).toBe(403);
      const sent = await bed.database.db
        .select()
        .from(crmCampaignMessages)
        .where(eq(crmCampaignMessages.phone, '+221776660002'));
      const payload = JSON.stringify({
        entry: [
          {
            changes: [
              {
                value: {
                  messages: [{ from: '221776660001', type: 'text', text: { body: 'Stop' } }],
                  statuses: [{ id: sent[0]!.providerId, status: 'delivered' }],
                },
              },
            ],
          },
        ],
      });
      const signature = `sha256=${createHmac('sha256', 'secret-meta').update(payload).digest('hex')}`;
      const call = (headers: Record<string, string>) =>
        bed.server.call('POST', '/api/whatsapp/webhook', {
          headers: { 'content-type': 'application/json', ...headers },
          rawBody: payload,
        });
      expect((await call({})).status).toBe(401);
      expect((await call({ 'x-hub-signature-256': 'sha256=faux' })).status).toBe(401);
      const heard = await call({ 'x-hub-signature-256': signature });
      // The number is a client of both shops of this file: withdrawn in each.
      expect(heard.body).toEqual({ withdrawn: 2, reports: 1 });
      const [awa] = await bed.database.db.select().from(clients).where(eq(clients.phone, '+221776660001'));
      expect(awa!.consentWhatsappAt).toBeNull();
      const [delivered] = await bed.database.db
        .select()
        .from(crmCampaignMessages)
        .where(eq(crmCampaignMessages.id, sent[0]!.id));
      expect(delivered!.delivery).toBe('delivered');
    });
  });
});
