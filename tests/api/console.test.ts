import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { setupApiTestbed } from '../helpers/api-testbed';
import { createOperator, createShopFixture, createUser, uniquePhone, type Member } from '../helpers/fixtures';
import { shops } from '@/server/db/schema';
import { createShopWithOwner } from '@/features/shop/server/create-shop';

const bed = setupApiTestbed();
const DAY = 86_400_000;
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));

let operator: Member;
beforeAll(async () => {
  operator = await createOperator(bed.database.db);
});

interface ConsoleShop {
  _id: string;
  name: string;
  createdAt: string;
  isBlocked: boolean;
  owner: { phone: string };
}
interface Page {
  items: ConsoleShop[];
  nextCursor: string | null;
}

const listShops = (query = '', token = operator.token) =>
  bed.server.call<Page>('GET', `/api/console/listShops${query ? `?${query}` : ''}`, { token });

/** Every page from the first, following nextCursor. */
async function allPages(search?: string): Promise<Page[]> {
  const pages: Page[] = [];
  let after: string | null = null;
  do {
    const query = new URLSearchParams();
    if (search) query.set('search', search);
    if (after) query.set('after', after);
    const { status, body } = await listShops(query.toString());
    expect(status).toBe(200);
    pages.push(body);
    after = body.nextCursor;
  } while (after && pages.length < 20);
  return pages;
}

async function allShopIds(): Promise<string[]> {
  return (await bed.database.db.select({ id: shops.id }).from(shops)).map((r) => r.id);
}

async function joinedSocket(token: string, shopId: string): Promise<Socket> {
  const socket = connect(bed.server.url, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  const ack = await new Promise<{ ok: boolean }>((resolve) => socket.emit('joinShop', { shopId }, resolve));
  expect(ack).toEqual({ ok: true });
  return socket;
}

async function createShops(count: number, prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const owner = await createUser(bed.database.db, `Gérant ${i}`);
    const { shop } = await createShopWithOwner(bed.database.db, {
      owner: owner.user,
      name: `${prefix} ${String(i).padStart(2, '0')}`,
      country: 'SN',
      currency: 'XOF',
    });
    ids.push(shop.id);
  }
  return ids;
}

describe('console access', () => {
  it('refuses every console route to a non-operator with 403 in French, and to nobody with 401', async () => {
    const calls = [
      () => bed.server.call('GET', '/api/console/listShops', { token: bed.awa.members.admin.token }),
      () =>
        bed.server.call('POST', '/api/console/setShopBlocked', {
          token: bed.awa.members.admin.token,
          body: { shopId: bed.awa.shop.id, isBlocked: true },
        }),
      () =>
        bed.server.call('POST', '/api/console/updateShopSubscription', {
          token: bed.awa.members.admin.token,
          body: {
            shopId: bed.awa.shop.id,
            subscriptionPlan: 'business',
            shopExpiresAt: null,
            freeTrialExpiresAt: null,
          },
        }),
    ];
    for (const call of calls) {
      const { status, body } = await call();
      expect(status).toBe(403);
      expect(body.error).toEqual({
        code: 'FORBIDDEN',
        message: 'Cette action est réservée aux opérateurs de la plateforme.',
      });
    }
    expect((await bed.server.call('GET', '/api/console/listShops')).status).toBe(401);
    const [shop] = await bed.database.db.select().from(shops).where(eq(shops.id, bed.awa.shop.id));
    expect(shop).toMatchObject({ isBlocked: false, subscriptionPlan: 'free' });
  });
});

describe('GET /api/console/listShops', () => {
  it('pages through every shop by cursor, newest first, 50 at a time, without overlap', async () => {
    await createShops(53, 'Pagination');
    const ids = await allShopIds();
    expect(ids.length).toBe(55);
    const pages = await allPages();
    expect(pages.map((p) => p.items.length)).toEqual([50, 5]);
    expect(pages[0]!.nextCursor).toEqual(expect.any(String));
    expect(pages[1]!.nextCursor).toBeNull();
    const listed = pages.flatMap((p) => p.items);
    expect(new Set(listed.map((s) => s._id)).size).toBe(55);
    expect(listed.map((s) => s._id).sort()).toEqual(ids.sort());
    const created = listed.map((s) => Date.parse(s.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    // The first shop signed up comes last.
    expect(listed.at(-1)!._id).toBe(bed.awa.shop.id);
    expect(listed[0]).toMatchObject({ name: 'Pagination 52', activeAgents: 1, effectivePlan: 'pro' });
    expect(listed.find((s) => s._id === bed.awa.shop.id)).toMatchObject({
      name: 'Boutique Awa',
      subscriptionPlan: 'free',
      effectivePlan: 'pro',
      isBlocked: false,
      country: 'SN',
      currency: 'XOF',
      activeAgents: 5,
      owner: { phone: bed.awa.members.admin.user.phone, firstName: 'Admin', lastName: 'Utilisateur' },
    });
  });

  it('keeps pages complete when shops share the same creation instant, to the microsecond', async () => {
    // A bulk import (npm run seed:large) inserts many shops in one statement: one now() for all.
    const ids = await allShopIds();
    await bed.database.db
      .update(shops)
      .set({ createdAt: sql`'2024-05-01T10:00:00.123456Z'::timestamptz` })
      .where(inArray(shops.id, ids));
    const pages = await allPages();
    expect(pages.map((p) => p.items.length)).toEqual([50, 5]);
    expect(
      pages
        .flatMap((p) => p.items.map((s) => s._id))
        .slice()
        .sort(),
    ).toEqual(ids.sort());

    // And within one millisecond, microseconds apart.
    await bed.database.db.execute(
      sql`update ${shops} set created_at = '2024-05-01T10:00:00.123Z'::timestamptz + (random() * interval '0.000999 second')`,
    );
    const again = (await allPages()).flatMap((p) => p.items.map((s) => s._id));
    expect(again.slice().sort()).toEqual(ids.sort());
  });

  it('ignores a cursor it cannot read, and refuses an oversized one with 422', async () => {
    const first = await listShops('after=nimportequoi');
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(50);
    const tooLong = await bed.server.call('GET', `/api/console/listShops?after=${'x'.repeat(121)}`, {
      token: operator.token,
    });
    expect(tooLong.status).toBe(422);
    expect(Object.keys(tooLong.body.error.details)).toEqual(['after']);
    expect(tooLong.body.error.message).toBe('Curseur\u00a0: au plus 120 caractères.');
    // A well-formed cursor older than every shop gives an empty last page.
    expect((await listShops(`after=${encodeURIComponent('2000-01-01T00:00:00.000000Z|zzz')}`)).body).toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it('finds shops by name (any case, any part) and by the owner’s phone digits', async () => {
    const team = await createShopFixture(bed.database.db, 'Épicerie Ndèye Sow');
    const byName = await listShops(`search=${encodeURIComponent('ndèye')}`);
    expect(byName.body.items.map((s) => s._id)).toEqual([team.shop.id]);
    expect(byName.body.nextCursor).toBeNull();
    const bySlug = await listShops('search=epicerie-ndeye');
    expect(bySlug.body.items.map((s) => s._id)).toEqual([team.shop.id]);

    const phone = team.members.admin.user.phone; // +22177xxxxxxx
    const local = phone.slice(4); // 77xxxxxxx
    const spaced = `${local.slice(0, 2)} ${local.slice(2, 5)} ${local.slice(5, 7)} ${local.slice(7)}`;
    const byPhone = await listShops(`search=${encodeURIComponent(spaced)}`);
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.items.map((s) => s._id)).toEqual([team.shop.id]);
    expect(byPhone.body.items[0]!.owner.phone).toBe(phone);

    const paginated = await allPages('Pagination');
    expect(paginated.map((p) => p.items.length)).toEqual([50, 3]);
    expect(paginated.flatMap((p) => p.items).every((s) => s.name.startsWith('Pagination'))).toBe(true);

    // LIKE wildcards are taken literally.
    expect((await listShops('search=%25')).body.items).toEqual([]);
    expect((await listShops('search=_')).body.items).toEqual([]);
    expect((await listShops('search=introuvable')).body).toEqual({ items: [], nextCursor: null });
  });
});

describe('POST /api/console/setShopBlocked', () => {
  it('blocks a shop at once for its agents (API and socket), then unblocks it', async () => {
    const team = await createShopFixture(bed.database.db, 'Boutique À Bloquer');
    const socket = await joinedSocket(team.members.cashier.token, team.shop.id);
    const events: unknown[] = [];
    socket.on('shopUpdated', (payload) => events.push(payload));
    const firstEvent = new Promise((resolve) => socket.once('shopUpdated', resolve));

    const blocked = await bed.server.call('POST', '/api/console/setShopBlocked', {
      token: operator.token,
      body: { shopId: team.shop.id, isBlocked: true },
    });
    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({ _id: team.shop.id, isBlocked: true, activeAgents: 5 });
    expect(await firstEvent).toEqual({ shopId: team.shop.id });

    const shop = await bed.server.call('GET', `/api/shop/getShop?shopId=${team.shop.id}`, {
      token: team.members.seller.token,
    });
    expect(shop.status).toBe(200);
    expect(shop.body.isBlocked).toBe(true);
    for (const answer of [
      await bed.server.call('GET', `/api/shop/getShopBalance?shopId=${team.shop.id}`, {
        token: team.members.admin.token,
      }),
      await bed.server.call('GET', `/api/notification/getByShop/${team.shop.id}`, {
        token: team.members.cashier.token,
      }),
      await bed.server.call('POST', '/api/agent/inviteAgent', {
        token: team.members.admin.token,
        body: { shopId: team.shop.id, phone: uniquePhone(), role: 'seller' },
      }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.error).toEqual({
        code: 'SHOP_BLOCKED',
        message: 'Votre boutique a été bloquée. Veuillez contacter un agent Comptoir',
      });
    }

    const unblocked = await bed.server.call('POST', '/api/console/setShopBlocked', {
      token: operator.token,
      body: { shopId: team.shop.id, isBlocked: false },
    });
    expect(unblocked.status).toBe(200);
    expect(unblocked.body.isBlocked).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toEqual([{ shopId: team.shop.id }, { shopId: team.shop.id }]);
    expect(
      (
        await bed.server.call('GET', `/api/shop/getShopBalance?shopId=${team.shop.id}`, {
          token: team.members.admin.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await bed.server.call('GET', `/api/shop/getShop?shopId=${team.shop.id}`, {
          token: team.members.seller.token,
        })
      ).body.isBlocked,
    ).toBe(false);
  });

  it('answers 404 for an unknown shop and 422 for a bad payload', async () => {
    const unknown = await bed.server.call('POST', '/api/console/setShopBlocked', {
      token: operator.token,
      body: { shopId: 'no-such-shop', isBlocked: true },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 'NOT_FOUND', message: 'La boutique est introuvable.' });
    const bad = await bed.server.call('POST', '/api/console/setShopBlocked', {
      token: operator.token,
      body: { shopId: bed.awa.shop.id, isBlocked: 'oui' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details).toEqual({ isBlocked: 'Valeur invalide.' });
    expect(bad.body.error.message).toBe('Blocage\u00a0: valeur invalide.');
  });
});

describe('POST /api/console/updateShopSubscription', () => {
  const update = (body: Record<string, unknown>) =>
    bed.server.call('POST', '/api/console/updateShopSubscription', { token: operator.token, body });

  it('refuses a paid plan without an end date, and bad dates, with 422 on the field', async () => {
    const team = await createShopFixture(bed.database.db, 'Boutique Sans Date');
    const missing = await update({
      shopId: team.shop.id,
      subscriptionPlan: 'pro',
      shopExpiresAt: null,
      freeTrialExpiresAt: null,
    });
    expect(missing.status).toBe(422);
    expect(missing.body.error.details).toEqual({
      shopExpiresAt: 'Indiquez la fin d’abonnement d’un forfait payant.',
    });
    expect(missing.body.error.message).toBe(
      'Fin d’abonnement\u00a0: indiquez la fin d’abonnement d’un forfait payant.',
    );
    const badDate = await update({
      shopId: team.shop.id,
      subscriptionPlan: 'pro',
      shopExpiresAt: 'demain',
      freeTrialExpiresAt: null,
    });
    expect(badDate.status).toBe(422);
    expect(badDate.body.error.details).toEqual({ shopExpiresAt: 'Format invalide.' });
    const badPlan = await update({
      shopId: team.shop.id,
      subscriptionPlan: 'gold',
      shopExpiresAt: null,
      freeTrialExpiresAt: null,
    });
    expect(badPlan.body.error.details).toEqual({ subscriptionPlan: 'Cette valeur n’est pas autorisée.' });
    const unknown = await update({
      shopId: 'no-such-shop',
      subscriptionPlan: 'free',
      shopExpiresAt: null,
      freeTrialExpiresAt: null,
    });
    expect(unknown.status).toBe(404);
    const [row] = await bed.database.db.select().from(shops).where(eq(shops.id, team.shop.id));
    expect(row).toMatchObject({ subscriptionPlan: 'free', shopExpiresAt: null });
  });

  it('changes plan and dates, reflected in the shop’s quotas and announced to its agents', async () => {
    const team = await createShopFixture(bed.database.db, 'Boutique Business');
    const socket = await joinedSocket(team.members.seller.token, team.shop.id);
    const announced = new Promise((resolve) => socket.once('shopUpdated', resolve));
    const end = new Date(Date.now() + 30 * DAY);
    end.setUTCMilliseconds(0);
    const { status, body } = await update({
      shopId: team.shop.id,
      subscriptionPlan: 'business',
      shopExpiresAt: end.toISOString().replace('Z', '+00:00'),
      freeTrialExpiresAt: null,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      _id: team.shop.id,
      subscriptionPlan: 'business',
      effectivePlan: 'business',
      shopExpiresAt: end.toISOString(),
      freeTrialExpiresAt: null,
    });
    expect(await announced).toEqual({ shopId: team.shop.id });
    const shop = await bed.server.call('GET', `/api/shop/getShop?shopId=${team.shop.id}`, {
      token: team.members.admin.token,
    });
    expect(shop.body).toMatchObject({
      subscriptionPlan: 'business',
      shopExpiresAt: end.toISOString(),
      freeTrialExpiresAt: null,
    });
    expect(shop.body.planQuotas).toEqual({
      maxSmsQuota: 2000,
      currentSmsQuota: 0,
      maxNumberOfAuthorizedAgents: 50,
      currentNumberOfAuthorizedAgents: 5,
      maxNumberOfAuthorizedProducts: 'infinity',
      currentNumberOfAuthorizedProducts: 0,
      maxNumberOfOrders: 'infinity',
      currentNumberOfOrders: 0,
    });

    // Back to free with the trial over: the free quotas apply.
    const free = await update({
      shopId: team.shop.id,
      subscriptionPlan: 'free',
      shopExpiresAt: null,
      freeTrialExpiresAt: new Date(Date.now() - DAY).toISOString(),
    });
    expect(free.status).toBe(200);
    expect(free.body.effectivePlan).toBe('free');
    const quotas = (
      await bed.server.call('GET', `/api/shop/getShop?shopId=${team.shop.id}`, {
        token: team.members.admin.token,
      })
    ).body.planQuotas;
    expect(quotas).toMatchObject({
      maxSmsQuota: 0,
      maxNumberOfAuthorizedAgents: 1,
      currentNumberOfAuthorizedAgents: 5,
      maxNumberOfAuthorizedProducts: 50,
      maxNumberOfOrders: 100,
    });
    // A paid plan whose period has ended gives the free quotas too.
    const ended = await update({
      shopId: team.shop.id,
      subscriptionPlan: 'starter',
      shopExpiresAt: new Date(Date.now() - DAY).toISOString(),
      freeTrialExpiresAt: null,
    });
    expect(ended.body).toMatchObject({ subscriptionPlan: 'starter', effectivePlan: 'free' });
  });
});
