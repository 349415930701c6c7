import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApiTestbed } from '../helpers/api-testbed';
import { blockShop, createShopFixture, createUser } from '../helpers/fixtures';
import { agents, users } from '@/server/db/schema';

const bed = setupApiTestbed();

describe('GET /api/user/getInfo', () => {
  it('answers the signed-in user with the shops they work in', async () => {
    const { status, body } = await bed.server.call('GET', '/api/user/getInfo', {
      token: bed.awa.members.cashier.token,
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      _id: bed.awa.members.cashier.user.id,
      phone: bed.awa.members.cashier.user.phone,
      firstName: 'cashier',
      lastName: 'Utilisateur',
      email: null,
      isPlatformOperator: false,
      shops: [{ _id: bed.awa.shop.id, name: 'Boutique Awa', role: 'cashier', isBlocked: false }],
      productName: 'Comptoir',
    });
  });

  it('refuses without token (401) and for a token whose user and session do not exist', async () => {
    expect((await bed.server.call('GET', '/api/user/getInfo')).status).toBe(401);
    const { signAccessToken } = await import('@/server/auth/access-token');
    const ghost = await signAccessToken({ userId: 'no-such-user', sessionId: 'no-such-session' });
    expect((await bed.server.call('GET', '/api/user/getInfo', { token: ghost.token })).status).toBe(401);
  });
});

describe('GET /api/agent/getOneAgent', () => {
  it('answers the caller’s agent record in their first shop, or in the shop named', async () => {
    const first = await bed.server.call('GET', '/api/agent/getOneAgent', {
      token: bed.awa.members.supervisor.token,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      shopId: bed.awa.shop.id,
      role: 'supervisor',
      phone: bed.awa.members.supervisor.user.phone,
      isActive: true,
    });
    const named = await bed.server.call('GET', `/api/agent/getOneAgent?shopId=${bed.awa.shop.id}`, {
      token: bed.awa.members.admin.token,
    });
    expect(named.body.role).toBe('admin');
  });

  it('answers 404 for a shop the caller is not in, null for a user without shops, 401 without token', async () => {
    expect(
      (
        await bed.server.call('GET', `/api/agent/getOneAgent?shopId=${bed.other.shop.id}`, {
          token: bed.awa.members.admin.token,
        })
      ).status,
    ).toBe(404);
    const loner = await createUser(bed.database.db);
    const none = await bed.server.call('GET', '/api/agent/getOneAgent', { token: loner.token });
    expect(none.status).toBe(200);
    expect(none.body).toBeNull();
    expect((await bed.server.call('GET', '/api/agent/getOneAgent')).status).toBe(401);
  });

  it('treats a deactivated agent as no longer a member', async () => {
    const gone = await createShopFixture(bed.database.db, 'Ancienne');
    await bed.database.db
      .update(agents)
      .set({ isActive: false })
      .where(eq(agents.userId, gone.members.seller.user.id));
    expect(
      (
        await bed.server.call('GET', `/api/agent/getOneAgent?shopId=${gone.shop.id}`, {
          token: gone.members.seller.token,
        })
      ).status,
    ).toBe(404);
  });
});

describe('GET /api/agent/getAllAgents/{shopId}', () => {
  it('lists the team for admin and supervisor', async () => {
    for (const role of ['admin', 'supervisor'] as const) {
      const { status, body } = await bed.server.call('GET', `/api/agent/getAllAgents/${bed.awa.shop.id}`, {
        token: bed.awa.members[role].token,
      });
      expect(status).toBe(200);
      expect(body.map((a: { role: string }) => a.role).sort()).toEqual([
        'admin',
        'cashier',
        'inventory-manager',
        'seller',
        'supervisor',
      ]);
      expect(body.every((a: { shopId: string }) => a.shopId === bed.awa.shop.id)).toBe(true);
    }
  });

  it('refuses the other roles with 403', async () => {
    for (const role of ['seller', 'cashier', 'inventory-manager'] as const) {
      expect(
        (
          await bed.server.call('GET', `/api/agent/getAllAgents/${bed.awa.shop.id}`, {
            token: bed.awa.members[role].token,
          })
        ).status,
      ).toBe(403);
    }
  });

  it('answers 404 for another shop, 401 without token, 403 when blocked', async () => {
    expect(
      (
        await bed.server.call('GET', `/api/agent/getAllAgents/${bed.other.shop.id}`, {
          token: bed.awa.members.admin.token,
        })
      ).status,
    ).toBe(404);
    expect((await bed.server.call('GET', `/api/agent/getAllAgents/${bed.awa.shop.id}`)).status).toBe(401);
    const blocked = await createShopFixture(bed.database.db, 'Bloquée');
    await blockShop(bed.database.db, blocked.shop.id);
    const answer = await bed.server.call('GET', `/api/agent/getAllAgents/${blocked.shop.id}`, {
      token: blocked.members.admin.token,
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('SHOP_BLOCKED');
  });
});

describe('POST /api/agent/updateMyProfile', () => {
  it('completes the caller’s own names in that shop, and the user’s when they had none', async () => {
    const shop = await createShopFixture(bed.database.db, 'Sans nom');
    const seller = shop.members.seller;
    await bed.database.db
      .update(agents)
      .set({ firstName: null, lastName: null })
      .where(eq(agents.userId, seller.user.id));
    await bed.database.db
      .update(users)
      .set({ firstName: null, lastName: null })
      .where(eq(users.id, seller.user.id));

    const { status, body } = await bed.server.call('POST', '/api/agent/updateMyProfile', {
      token: seller.token,
      body: { shopId: shop.shop.id, firstName: ' Khady ', lastName: 'Gueye', email: 'khady@example.sn' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      role: 'seller',
      firstName: 'Khady',
      lastName: 'Gueye',
      email: 'khady@example.sn',
    });
    const info = await bed.server.call('GET', '/api/user/getInfo', { token: seller.token });
    expect(info.body).toMatchObject({ firstName: 'Khady', lastName: 'Gueye' });

    // Later changes stay with the agent record; the user's own names are kept.
    await bed.server.call('POST', '/api/agent/updateMyProfile', {
      token: seller.token,
      body: { shopId: shop.shop.id, firstName: 'K.', lastName: 'Gueye' },
    });
    expect((await bed.server.call('GET', '/api/user/getInfo', { token: seller.token })).body.firstName).toBe(
      'Khady',
    );
  });

  it('refuses empty names and a bad e-mail with 422 naming the field, changing nothing', async () => {
    const token = bed.awa.members.cashier.token;
    const empty = await bed.server.call('POST', '/api/agent/updateMyProfile', {
      token,
      body: { shopId: bed.awa.shop.id, firstName: '  ', lastName: 'Fall' },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.error.message).toMatch(/^Prénom/);
    const email = await bed.server.call('POST', '/api/agent/updateMyProfile', {
      token,
      body: { shopId: bed.awa.shop.id, firstName: 'I', lastName: 'F', email: 'pas-un-mail' },
    });
    expect(email.status).toBe(422);
    expect(email.body.error.details.email).toBe('Adresse e-mail invalide.');
    const agent = await bed.server.call('GET', `/api/agent/getOneAgent?shopId=${bed.awa.shop.id}`, { token });
    expect(agent.body.lastName).toBe('Agent');
  });

  it('answers 404 for another shop, 401 without token, 403 for a blocked shop', async () => {
    const body = { shopId: bed.other.shop.id, firstName: 'A', lastName: 'B' };
    expect(
      (
        await bed.server.call('POST', '/api/agent/updateMyProfile', {
          token: bed.awa.members.admin.token,
          body,
        })
      ).status,
    ).toBe(404);
    expect((await bed.server.call('POST', '/api/agent/updateMyProfile', { body })).status).toBe(401);
    const blocked = await createShopFixture(bed.database.db, 'Bloquée P');
    await blockShop(bed.database.db, blocked.shop.id);
    const answer = await bed.server.call('POST', '/api/agent/updateMyProfile', {
      token: blocked.members.admin.token,
      body: { ...body, shopId: blocked.shop.id },
    });
    expect(answer.status).toBe(403);
  });
});
