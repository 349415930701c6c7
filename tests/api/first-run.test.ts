import { describe, expect, it } from 'vitest';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createUser } from '../helpers/fixtures';
import { createOk, simpleProduct } from '../helpers/catalogue';
import { firstTill, ops, syncOk } from '../helpers/pos';
import { createShopWithOwner } from '@/features/shop/server/create-shop';
import { AGENT_ROLES } from '@/shared/roles';

const bed = setupApiTestbed();

/** A shop just signed up: its owner alone, nothing done yet. */
async function newShop(name: string) {
  const owner = await createUser(bed.database.db, 'Propriétaire');
  const { shop } = await createShopWithOwner(bed.database.db, {
    owner: owner.user,
    name,
    country: 'SN',
    currency: 'XOF',
  });
  return { shop, token: owner.token };
}

const checklist = (token: string | undefined, shopId: string) =>
  bed.server.call('GET', `/api/home/checklist?shopId=${shopId}`, { token });
const dismiss = (token: string | undefined, shopId: string) =>
  bed.server.call('POST', '/api/shop/dismissChecklist', { token, body: { shopId } });

describe('GET /api/home/checklist', () => {
  it('starts with nothing done, then ticks each step from what the shop really did', async () => {
    const { shop, token } = await newShop('Boutique Départ');
    const first = await checklist(token, shop.id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      steps: { products: false, till: false, team: false, shop: false, delivery: false },
      isDismissed: false,
    });

    await createOk(bed, token, shop.id, simpleProduct('Bissap 1 L', 1000));
    expect((await checklist(token, shop.id)).body.steps).toMatchObject({ products: true, till: false });

    // A till made but no session opened is not « Ouvrir la caisse ».
    const admin = { token, shopId: shop.id };
    const tillId = await firstTill(bed, admin);
    expect((await checklist(token, shop.id)).body.steps.till).toBe(false);
    await syncOk(bed, admin, tillId, [ops.open(tillId, 5000)]);
    expect((await checklist(token, shop.id)).body.steps.till).toBe(true);

    const invited = await bed.server.call('POST', '/api/agent/inviteAgent', {
      token,
      body: { shopId: shop.id, phone: '76 555 12 34', role: 'cashier' },
    });
    expect(invited.status).toBe(200);
    expect((await checklist(token, shop.id)).body.steps.team).toBe(true);

    // Name, currency and country were given at sign-up: saving them unchanged customises nothing.
    const settings = {
      shopId: shop.id,
      name: shop.name,
      currency: 'XOF',
      timeZone: 'Africa/Dakar',
      country: 'SN',
    };
    await bed.server.call('POST', '/api/shop/updateShop', { token, body: settings });
    expect((await checklist(token, shop.id)).body.steps.shop).toBe(false);
    const saved = await bed.server.call('POST', '/api/shop/updateShop', {
      token,
      body: { ...settings, address: 'Marché Sandaga, Dakar' },
    });
    expect(saved.status).toBe(200);

    // Livraison keeps no settings yet: its step is never ticked from anything else.
    expect((await checklist(token, shop.id)).body).toEqual({
      steps: { products: true, till: true, team: true, shop: true, delivery: false },
      isDismissed: false,
    });
  });

  it('is the admin’s: other roles 403, another shop 404, no token 401', async () => {
    for (const role of AGENT_ROLES.filter((r) => r !== 'admin')) {
      const answer = await checklist(bed.awa.members[role].token, bed.awa.shop.id);
      expect(answer.status, role).toBe(403);
    }
    expect((await checklist(bed.awa.members.admin.token, bed.awa.shop.id)).status).toBe(200);
    expect((await checklist(bed.awa.members.admin.token, bed.other.shop.id)).status).toBe(404);
    expect((await checklist(undefined, bed.awa.shop.id)).status).toBe(401);
  });
});

describe('POST /api/shop/dismissChecklist', () => {
  it('closes the checklist for the shop, once and for all, for every admin', async () => {
    const { shop, token } = await newShop('Boutique Pressée');
    const answer = await dismiss(token, shop.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    expect((await checklist(token, shop.id)).body.isDismissed).toBe(true);
    // Again: nothing changes, no error.
    expect((await dismiss(token, shop.id)).status).toBe(200);
    expect((await checklist(token, shop.id)).body.isDismissed).toBe(true);
  });

  it('refuses other roles (403) and another shop (404), and changes nothing', async () => {
    for (const role of AGENT_ROLES.filter((r) => r !== 'admin')) {
      expect((await dismiss(bed.awa.members[role].token, bed.awa.shop.id)).status, role).toBe(403);
    }
    expect((await dismiss(bed.awa.members.admin.token, bed.other.shop.id)).status).toBe(404);
    expect((await dismiss(undefined, bed.awa.shop.id)).status).toBe(401);
    expect((await checklist(bed.awa.members.admin.token, bed.awa.shop.id)).body.isDismissed).toBe(false);
    const missing = await bed.server.call('POST', '/api/shop/dismissChecklist', {
      token: bed.awa.members.admin.token,
      body: {},
    });
    expect(missing.status).toBe(422);
    expect(missing.body.error.details).toHaveProperty('shopId');
  });
});

describe('Abonnement for the roles that do not pay', () => {
  it('lets every role read the plan and its dates, and keeps invoices and payments to admin and supervisor', async () => {
    for (const role of ['seller', 'cashier', 'inventory-manager'] as const) {
      const token = bed.awa.members[role].token;
      const shop = await bed.server.call('GET', `/api/shop/getShop?shopId=${bed.awa.shop.id}`, { token });
      expect(shop.status, role).toBe(200);
      expect(shop.body).toMatchObject({
        subscriptionPlan: 'free',
        shopExpiresAt: null,
        freeTrialExpiresAt: expect.any(String),
        planQuotas: expect.objectContaining({ maxNumberOfAuthorizedProducts: expect.anything() }),
      });
      const invoices = await bed.server.call(
        'GET',
        `/api/subscription/listInvoices?shopId=${bed.awa.shop.id}`,
        {
          token,
        },
      );
      expect(invoices.status, role).toBe(403);
      const pay = await bed.server.call('POST', '/api/subscription/checkout', {
        token,
        body: { shopId: bed.awa.shop.id, plan: 'pro', months: 1, idempotencyKey: `cle-${role}` },
      });
      expect(pay.status, role).toBe(403);
    }
    const supervisor = bed.awa.members.supervisor.token;
    const pay = await bed.server.call('POST', '/api/subscription/checkout', {
      token: supervisor,
      body: { shopId: bed.awa.shop.id, plan: 'pro', months: 1, idempotencyKey: 'cle-superviseur' },
    });
    expect(pay.status).toBe(403);
  });
});
