import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clients } from '@/server/db/schema/customer';
import { crmCampaignMessages } from '@/server/db/schema/crm';
import { shops } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { deliveryOf } from '@/features/crm/server/sms-status';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createShopFixture } from '../helpers/fixtures';
import { withEnv } from '../helpers/uploads';
import { as } from '../helpers/orders';

/*
 * Delivery reports (issue CRM): the http SMS driver keeps the id the gateway answers for each
 * campaign message; the gateway's reports (POST /api/sms/status, signed with the shared secret)
 * mark the message delivered or not, with why, and the campaign counts them.
 */

const bed = setupApiTestbed();

/** A gateway on this machine: takes each SMS, answers an id of its own (« gw-1 », « gw-2 »…). */
const received: Array<{ to: string; text: string }> = [];
let gateway: http.Server;
let gatewayUrl = '';
beforeAll(async () => {
  gateway = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push(JSON.parse(body) as { to: string; text: string });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ messageId: `gw-${received.length}`, status: 'accepted' }));
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
});
afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));

describe('delivery reports', () => {
  it('mark each message delivered or not from the gateway’s reports, signed, and count them', async () => {
    await withEnv(
      { SMS_DRIVER: 'http', SMS_HTTP_URL: gatewayUrl, SMS_INBOUND_SECRET: 'rapports-secrets' },
      async () => {
        const fixture = await createShopFixture(bed.database.db, 'Boutique Accusés');
        await bed.database.db
          .update(shops)
          .set({ subscriptionPlan: 'starter', shopExpiresAt: new Date(Date.now() + 30 * 86_400_000) })
          .where(eq(shops.id, fixture.shop.id));
        const phones = ['+221775550001', '+221775550002'];
        await bed.database.db.insert(clients).values(
          phones.map((phone, i) => ({
            id: newId(),
            shopId: fixture.shop.id,
            name: `Cliente ${i}`,
            phone,
            searchText: '',
            consentSmsAt: new Date(),
            consentSmsSource: 'till',
          })),
        );
        const a = as(fixture);
        const started = await bed.server.call('POST', '/api/crm/startCampaign', {
          token: a.token,
          body: {
            shopId: a.shopId,
            name: 'Accusés',
            definition: { match: 'all', rules: [{ field: 'totalSpent', op: 'gte', value: 0 }] },
            template: 'Bonjour {prénom}',
          },
        });
        expect(started.status, JSON.stringify(started.body)).toBe(200);
        const messages = async () =>
          bed.database.db
            .select()
            .from(crmCampaignMessages)
            .where(eq(crmCampaignMessages.campaignId, started.body.campaignId));
        await vi.waitFor(
          async () => expect((await messages()).every((m) => m.status === 'sent' && m.providerId)).toBe(true),
          { timeout: 15_000, interval: 100 },
        );
        const idOf = async (phone: string) => (await messages()).find((m) => m.phone === phone)!.providerId!;

        const report = (headers: Record<string, string>, body: unknown) =>
          bed.server.call('POST', '/api/sms/status', { headers, body });
        const signed = { 'x-comptoir-secret': 'rapports-secrets' };
        // Unsigned or badly signed: refused, nothing changes.
        expect((await report({}, { id: await idOf(phones[0]!), status: 'delivered' })).status).toBe(401);
        expect(
          (await report({ 'x-comptoir-secret': 'faux' }, { id: await idOf(phones[0]!), status: 'delivered' }))
            .status,
        ).toBe(401);
        expect((await report(signed, { status: 'delivered' })).status).toBe(422);
        // Not final yet, or about a message nobody knows: acknowledged, ignored.
        expect((await report(signed, { id: await idOf(phones[0]!), status: 'buffered' })).body).toEqual({
          updated: false,
        });
        expect((await report(signed, { id: 'inconnu', status: 'delivered' })).body).toEqual({
          updated: false,
        });
        expect((await messages()).every((m) => m.delivery === null)).toBe(true);

        expect((await report(signed, { id: await idOf(phones[0]!), status: 'DELIVRD' })).body).toEqual({
          updated: true,
        });
        await report(signed, { id: await idOf(phones[1]!), status: 'failed', error: 'Numéro inactif' });
        const detail = await bed.server.call(
          'GET',
          `/api/crm/campaign?shopId=${a.shopId}&campaignId=${started.body.campaignId}`,
          { token: a.token },
        );
        expect(detail.body.campaign).toMatchObject({ sent: 2, delivered: 1, undelivered: 1 });
        const byPhone = Object.fromEntries(
          (
            detail.body.messages as Array<{ phone: string; delivery: string; deliveryError: string | null }>
          ).map((m) => [m.phone, [m.delivery, m.deliveryError]]),
        );
        expect(byPhone).toEqual({
          [phones[0]!]: ['delivered', null],
          [phones[1]!]: ['undelivered', 'Numéro inactif'],
        });
      },
    );
  });

  it('read the words gateways use for a final state', () => {
    for (const word of ['delivered', 'DELIVRD', 'Delivered_to_handset'])
      expect(deliveryOf(word)).toBe('delivered');
    for (const word of ['failed', 'UNDELIV', 'rejected', 'EXPIRED'])
      expect(deliveryOf(word)).toBe('undelivered');
    for (const word of ['sent', 'accepted', 'buffered', 'queued']) expect(deliveryOf(word)).toBeNull();
  });
});
