import { describe, expect, it } from 'vitest';
import { setupApiTestbed } from '../helpers/api-testbed';
import { blockShop, createShopFixture, createUser } from '../helpers/fixtures';
import { insertBalanceEntry } from '@/features/shop/server/shop.repository';
import { createShopWithOwner } from '@/features/shop/server/create-shop';

const bed = setupApiTestbed();

describe('GET /api/shop/getShop', () => {
  it('answers the caller’s first shop, with SPEC fields and exact quota counters', async () => {
    const { status, body } = await bed.server.call('GET', '/api/shop/getShop', {
      token: bed.awa.members.cashier.token,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      _id: bed.awa.shop.id,
      name: 'Boutique Awa',
      sellerId: { _id: bed.awa.members.admin.user.id },
      isBlocked: false,
      subscriptionPlan: 'free',
      shopExpiresAt: null,
      currency: 'XOF',
      timeZone: 'Africa/Dakar',
    });
    // A new shop is on a 14-day trial with pro quotas (PRODUCT.md); 5 agents exist.
    const trialDays = (Date.parse(body.freeTrialExpiresAt) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.9);
    expect(trialDays).toBeLessThanOrEqual(14);
    expect(body.planQuotas).toEqual({
      maxSmsQuota: 500,
      currentSmsQuota: 0,
      maxNumberOfAuthorizedAgents: 10,
      currentNumberOfAuthorizedAgents: 5,
      maxNumberOfAuthorizedProducts: 5000,
      currentNumberOfAuthorizedProducts: 0,
      maxNumberOfOrders: 'infinity',
      currentNumberOfOrders: 0,
    });
  });

  it('answers the shop named by shopId when the caller belongs to it', async () => {
    const owner = bed.awa.members.admin.user;
    const { shop: second } = await createShopWithOwner(bed.database.db, {
      owner,
      name: 'Awa Bis',
      country: 'CI',
      currency: 'XOF',
    });
    const { body } = await bed.server.call('GET', `/api/shop/getShop?shopId=${second.id}`, {
      token: bed.awa.members.admin.token,
    });
    expect(body).toMatchObject({
      _id: second.id,
      name: 'Awa Bis',
      timeZone: 'Africa/Abidjan',
      slug: 'awa-bis',
    });
  });

  it('answers 404 for a shop the caller does not belong to, without its data', async () => {
    const { status, body } = await bed.server.call('GET', `/api/shop/getShop?shopId=${bed.other.shop.id}`, {
      token: bed.awa.members.admin.token,
    });
    expect(status).toBe(404);
    expect(body.error.code).toBe('NOT_FOUND');
    expect(JSON.stringify(body)).not.toContain('Chez Other');
  });

  it('answers null for a user without any shop', async () => {
    const loner = await createUser(bed.database.db);
    const { status, body } = await bed.server.call('GET', '/api/shop/getShop', { token: loner.token });
    expect(status).toBe(200);
    expect(body).toBeNull();
  });

  it('refuses a call without a token, or with a forged one, with 401 in French', async () => {
    const none = await bed.server.call('GET', '/api/shop/getShop');
    expect(none.status).toBe(401);
    expect(none.body.error.message).toMatch(/connecté/);
    const forged = await bed.server.call('GET', '/api/shop/getShop', { token: 'eyJhbGciOiJIUzI1NiJ9.e30.x' });
    expect(forged.status).toBe(401);
  });

  it('still answers for a blocked shop, so the UI can show the blocked screen', async () => {
    const blocked = await createShopFixture(bed.database.db, 'Bloquée');
    await blockShop(bed.database.db, blocked.shop.id);
    const { status, body } = await bed.server.call('GET', '/api/shop/getShop', {
      token: blocked.members.seller.token,
    });
    expect(status).toBe(200);
    expect(body.isBlocked).toBe(true);
    const byId = await bed.server.call('GET', `/api/shop/getShopById/${blocked.shop.id}`, {
      token: blocked.members.seller.token,
    });
    expect(byId.body.isBlocked).toBe(true);
  });
});

describe('GET /api/shop/getShopById/{id}', () => {
  it('answers a member, 404 for an outsider, 401 without token', async () => {
    expect(
      (
        await bed.server.call('GET', `/api/shop/getShopById/${bed.awa.shop.id}`, {
          token: bed.awa.members['inventory-manager'].token,
        })
      ).body._id,
    ).toBe(bed.awa.shop.id);
    expect(
      (
        await bed.server.call('GET', `/api/shop/getShopById/${bed.awa.shop.id}`, {
          token: bed.other.members.admin.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (await bed.server.call('GET', '/api/shop/getShopById/nope', { token: bed.awa.members.admin.token }))
        .status,
    ).toBe(404);
    expect((await bed.server.call('GET', `/api/shop/getShopById/${bed.awa.shop.id}`)).status).toBe(401);
  });
});

describe('GET /api/shop/listSellerShop/{sellerId}', () => {
  it('lists all of a seller’s shops for the seller', async () => {
    const { status, body } = await bed.server.call(
      'GET',
      `/api/shop/listSellerShop/${bed.awa.members.admin.user.id}`,
      { token: bed.awa.members.admin.token },
    );
    expect(status).toBe(200);
    expect(body.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['Boutique Awa', 'Awa Bis']),
    );
  });

  it('shows staff only the shops they work in, and strangers nothing', async () => {
    const staff = await bed.server.call('GET', `/api/shop/listSellerShop/${bed.awa.members.admin.user.id}`, {
      token: bed.awa.members.seller.token,
    });
    expect(staff.body.map((s: { name: string }) => s.name)).toEqual(['Boutique Awa']);
    const stranger = await bed.server.call(
      'GET',
      `/api/shop/listSellerShop/${bed.awa.members.admin.user.id}`,
      { token: bed.other.members.admin.token },
    );
    expect(stranger.status).toBe(200);
    expect(stranger.body).toEqual([]);
    expect(
      (await bed.server.call('GET', `/api/shop/listSellerShop/${bed.awa.members.admin.user.id}`)).status,
    ).toBe(401);
  });
});

describe('GET /api/shop/getShopBalance', () => {
  it('answers the sum of the ledger in minor units for admin and supervisor', async () => {
    await insertBalanceEntry(bed.database.db, { shopId: bed.awa.shop.id, amount: 125_000, kind: 'payment' });
    await insertBalanceEntry(bed.database.db, { shopId: bed.awa.shop.id, amount: -20_000, kind: 'payout' });
    await insertBalanceEntry(bed.database.db, { shopId: bed.other.shop.id, amount: 999, kind: 'payment' });
    for (const role of ['admin', 'supervisor'] as const) {
      const { status, body } = await bed.server.call(
        'GET',
        `/api/shop/getShopBalance?shopId=${bed.awa.shop.id}`,
        { token: bed.awa.members[role].token },
      );
      expect(status).toBe(200);
      expect(body).toEqual({ shopId: bed.awa.shop.id, balance: 105_000, currency: 'XOF' });
    }
  });

  it('refuses the roles that may not see money with 403', async () => {
    for (const role of ['seller', 'cashier', 'inventory-manager'] as const) {
      const { status, body } = await bed.server.call(
        'GET',
        `/api/shop/getShopBalance?shopId=${bed.awa.shop.id}`,
        { token: bed.awa.members[role].token },
      );
      expect(status).toBe(403);
      expect(body.error.code).toBe('FORBIDDEN');
    }
  });

  it('refuses a call without shopId with 422 naming the field (SPEC §5)', async () => {
    const { status, body } = await bed.server.call('GET', '/api/shop/getShopBalance', {
      token: bed.awa.members.admin.token,
    });
    expect(status).toBe(422);
    expect(body.error.details).toHaveProperty('shopId');
    expect(body.error.message).toMatch(/^Boutique/);
  });

  it('answers 404 for another shop and 403 for a blocked one', async () => {
    expect(
      (
        await bed.server.call('GET', `/api/shop/getShopBalance?shopId=${bed.other.shop.id}`, {
          token: bed.awa.members.admin.token,
        })
      ).status,
    ).toBe(404);
    const blocked = await createShopFixture(bed.database.db, 'Bloquée 2');
    await blockShop(bed.database.db, blocked.shop.id);
    const { status, body } = await bed.server.call(
      'GET',
      `/api/shop/getShopBalance?shopId=${blocked.shop.id}`,
      { token: blocked.members.admin.token },
    );
    expect(status).toBe(403);
    expect(body.error.code).toBe('SHOP_BLOCKED');
    expect(body.error.message).toBe('Votre boutique a été bloquée. Veuillez contacter un agent Comptoir');
  });
});

describe('POST /api/shop/setFcmId', () => {
  it('registers the device id for the caller, and moves it to whoever signs in on it next', async () => {
    const first = await bed.server.call('POST', '/api/shop/setFcmId', {
      token: bed.awa.members.cashier.token,
      body: { fmcId: 'device-token-1' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true });
    const again = await bed.server.call('POST', '/api/shop/setFcmId', {
      token: bed.awa.members.seller.token,
      body: { fmcId: 'device-token-1' },
    });
    expect(again.status).toBe(200);
    const { findPushTokensOfUsers } = await import('@/server/push/push-devices');
    expect(await findPushTokensOfUsers(bed.database.db, [bed.awa.members.cashier.user.id])).toEqual([]);
    expect(await findPushTokensOfUsers(bed.database.db, [bed.awa.members.seller.user.id])).toEqual([
      'device-token-1',
    ]);
  });

  it('refuses a missing or empty fmcId with 422, and bad JSON with a French message', async () => {
    const missing = await bed.server.call('POST', '/api/shop/setFcmId', {
      token: bed.awa.members.admin.token,
      body: {},
    });
    expect(missing.status).toBe(422);
    expect(missing.body.error.details.fmcId).toBe('Ce champ est obligatoire.');
    const empty = await bed.server.call('POST', '/api/shop/setFcmId', {
      token: bed.awa.members.admin.token,
      body: { fmcId: '  ' },
    });
    expect(empty.status).toBe(422);
    const badJson = await bed.server.call('POST', '/api/shop/setFcmId', {
      token: bed.awa.members.admin.token,
      rawBody: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.status).toBe(422);
    expect(badJson.body.error.message).toMatch(/JSON valide/);
  });

  it('refuses without token and refuses GET', async () => {
    expect((await bed.server.call('POST', '/api/shop/setFcmId', { body: { fmcId: 'x' } })).status).toBe(401);
    // Identity comes first: an anonymous caller learns nothing from a malformed body either.
    const anonymousBadJson = await bed.server.call('POST', '/api/shop/setFcmId', {
      rawBody: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(anonymousBadJson.status).toBe(401);
    const get = await bed.server.call('GET', '/api/shop/setFcmId', { token: bed.awa.members.admin.token });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});
