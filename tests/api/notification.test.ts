import { afterAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { setupApiTestbed } from '../helpers/api-testbed';
import { blockShop, createShopFixture } from '../helpers/fixtures';
import { createNotification } from '@/features/notification/server/create-notification';
import { insertNotification } from '@/features/notification/server/notification.repository';

const bed = setupApiTestbed();
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));

function openSocket(token: string | undefined): Socket {
  const socket = connect(bed.server.url, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

const join = (socket: Socket, shopId: unknown) =>
  new Promise<{ ok: boolean; error?: string }>((resolve) => socket.emit('joinShop', { shopId }, resolve));

describe('GET /api/notification/getByShop/{shopId}', () => {
  it('lists the shop’s notifications, newest first, for every role', async () => {
    const older = await insertNotification(bed.database.db, {
      shopId: bed.awa.shop.id,
      type: 'order',
      title: 'Ancienne',
      description: '',
      createdAt: new Date(Date.now() - 60_000),
    });
    const newer = await insertNotification(bed.database.db, {
      shopId: bed.awa.shop.id,
      type: 'low_stock',
      title: 'Récente',
      description: 'Le stock du produit Bissap est faible',
    });
    await insertNotification(bed.database.db, {
      shopId: bed.other.shop.id,
      type: 'shop',
      title: 'Pas pour Awa',
      description: '',
    });
    for (const role of ['admin', 'supervisor', 'seller', 'cashier', 'inventory-manager'] as const) {
      const { status, body } = await bed.server.call(
        'GET',
        `/api/notification/getByShop/${bed.awa.shop.id}`,
        { token: bed.awa.members[role].token },
      );
      expect(status).toBe(200);
      expect(body.map((n: { _id: string }) => n._id)).toEqual([newer.id, older.id]);
    }
    const { body } = await bed.server.call('GET', `/api/notification/getByShop/${bed.awa.shop.id}`, {
      token: bed.awa.members.admin.token,
    });
    expect(body[0]).toEqual({
      _id: newer.id,
      shopId: bed.awa.shop.id,
      type: 'low_stock',
      title: 'Récente',
      description: 'Le stock du produit Bissap est faible',
      isRead: false,
      createdAt: newer.createdAt.toISOString(),
      link: null,
    });
  });

  it('answers 404 for another shop, 401 without token, 422 for a bad limit, 403 when blocked', async () => {
    expect(
      (
        await bed.server.call('GET', `/api/notification/getByShop/${bed.other.shop.id}`, {
          token: bed.awa.members.admin.token,
        })
      ).status,
    ).toBe(404);
    expect((await bed.server.call('GET', `/api/notification/getByShop/${bed.awa.shop.id}`)).status).toBe(401);
    const bad = await bed.server.call('GET', `/api/notification/getByShop/${bed.awa.shop.id}?limit=0`, {
      token: bed.awa.members.admin.token,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details).toHaveProperty('limit');
    const blocked = await createShopFixture(bed.database.db, 'Bloquée');
    await blockShop(bed.database.db, blocked.shop.id);
    expect(
      (
        await bed.server.call('GET', `/api/notification/getByShop/${blocked.shop.id}`, {
          token: blocked.members.admin.token,
        })
      ).status,
    ).toBe(403);
  });
});

describe('POST /api/notification/markAsRead', () => {
  it('marks the given notifications of the shop read', async () => {
    const a = await insertNotification(bed.database.db, {
      shopId: bed.awa.shop.id,
      type: 'order',
      title: 'A',
      description: '',
    });
    const b = await insertNotification(bed.database.db, {
      shopId: bed.awa.shop.id,
      type: 'order',
      title: 'B',
      description: '',
    });
    const { status, body } = await bed.server.call('POST', '/api/notification/markAsRead', {
      token: bed.awa.members.cashier.token,
      body: { notificationsArray: [a.id, b.id, a.id], shopId: bed.awa.shop.id },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, modifiedCount: 2 });
    const list = await bed.server.call('GET', `/api/notification/getByShop/${bed.awa.shop.id}`, {
      token: bed.awa.members.admin.token,
    });
    const byId = new Map(list.body.map((n: { _id: string; isRead: boolean }) => [n._id, n.isRead]));
    expect(byId.get(a.id)).toBe(true);
    expect(byId.get(b.id)).toBe(true);
  });

  it('refuses an empty array, a missing array and a missing shopId with 422 (SPEC §5)', async () => {
    const token = bed.awa.members.admin.token;
    const empty = await bed.server.call('POST', '/api/notification/markAsRead', {
      token,
      body: { notificationsArray: [], shopId: bed.awa.shop.id },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.error.details.notificationsArray).toBe('La liste ne peut pas être vide.');
    expect(empty.body.error.message).toMatch(/^Notifications/);
    const missing = await bed.server.call('POST', '/api/notification/markAsRead', {
      token,
      body: { shopId: bed.awa.shop.id },
    });
    expect(missing.status).toBe(422);
    const noShop = await bed.server.call('POST', '/api/notification/markAsRead', {
      token,
      body: { notificationsArray: ['x'] },
    });
    expect(noShop.status).toBe(422);
    expect(noShop.body.error.details).toHaveProperty('shopId');
  });

  it('refuses ids of another shop’s notifications and changes nothing', async () => {
    const mine = await insertNotification(bed.database.db, {
      shopId: bed.awa.shop.id,
      type: 'order',
      title: 'Mienne',
      description: '',
    });
    const theirs = await insertNotification(bed.database.db, {
      shopId: bed.other.shop.id,
      type: 'order',
      title: 'Leur',
      description: '',
    });
    const { status, body } = await bed.server.call('POST', '/api/notification/markAsRead', {
      token: bed.awa.members.admin.token,
      body: { notificationsArray: [mine.id, theirs.id], shopId: bed.awa.shop.id },
    });
    expect(status).toBe(422);
    expect(body.error.details).toHaveProperty('notificationsArray');
    const list = await bed.server.call('GET', `/api/notification/getByShop/${bed.awa.shop.id}`, {
      token: bed.awa.members.admin.token,
    });
    expect(list.body.find((n: { _id: string }) => n._id === mine.id).isRead).toBe(false);
  });

  it('answers 404 for a shop the caller is not in and 401 without token', async () => {
    const theirs = await insertNotification(bed.database.db, {
      shopId: bed.other.shop.id,
      type: 'order',
      title: 'Leur',
      description: '',
    });
    const body = { notificationsArray: [theirs.id], shopId: bed.other.shop.id };
    expect(
      (
        await bed.server.call('POST', '/api/notification/markAsRead', {
          token: bed.awa.members.admin.token,
          body,
        })
      ).status,
    ).toBe(404);
    expect((await bed.server.call('POST', '/api/notification/markAsRead', { body })).status).toBe(401);
  });
});

describe('real time', () => {
  it('refuses a socket without a valid token', async () => {
    const socket = openSocket('not-a-token');
    const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
    expect(error.message).toMatch(/connecté/);
  });

  it('lets a socket join only its own shop’s room', async () => {
    const socket = openSocket(bed.awa.members.seller.token);
    expect(await join(socket, bed.awa.shop.id)).toEqual({ ok: true });
    expect(await join(socket, bed.other.shop.id)).toEqual({
      ok: false,
      error: 'La boutique est introuvable.',
    });
    expect((await join(socket, undefined)).ok).toBe(false);
  });

  it('createNotification stores the notification and emits newNotification to the shop room only', async () => {
    const member = openSocket(bed.awa.members.cashier.token);
    const outsider = openSocket(bed.other.members.admin.token);
    await join(member, bed.awa.shop.id);
    await join(outsider, bed.other.shop.id);
    const outsiderGot: unknown[] = [];
    outsider.on('newNotification', (n) => outsiderGot.push(n));
    const received = new Promise((resolve) => member.on('newNotification', resolve));

    const created = await createNotification(bed.database.db, bed.awa.shop.id, {
      type: 'order',
      title: 'Nouvelle commande #1001',
      description: '2 articles',
    });
    expect(await received).toEqual(created);
    expect(created).toMatchObject({ shopId: bed.awa.shop.id, type: 'order', isRead: false });
    await new Promise((r) => setTimeout(r, 200));
    expect(outsiderGot).toEqual([]);
    const list = await bed.server.call('GET', `/api/notification/getByShop/${bed.awa.shop.id}`, {
      token: bed.awa.members.admin.token,
    });
    expect(list.body[0]._id).toBe(created._id);
  });
});
