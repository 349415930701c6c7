import { afterAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { setupApiTestbed } from '../helpers/api-testbed';
import { as, createOrderOk, line, sellable } from '../helpers/orders';
import { createNotification } from '@/features/notification/server/create-notification';
import { insertNotificationForPush } from '@/features/notification/server/notification.repository';
import { pushDevices } from '@/server/db/schema/platform';
import { newId } from '@/server/ids';
import { createShopFixture } from '../helpers/fixtures';
import { AGENT_ROLES, type AgentRole } from '@/shared/roles';

const bed = setupApiTestbed();
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));

async function joinedSocket(role: AgentRole): Promise<{ socket: Socket; received: unknown[] }> {
  const socket = connect(bed.server.url, {
    auth: { token: bed.awa.members[role].token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  const received: unknown[] = [];
  socket.on('newNotification', (n) => received.push(n));
  const answer = await new Promise<{ ok: boolean }>((resolve) =>
    socket.emit('joinShop', { shopId: bed.awa.shop.id }, resolve),
  );
  expect(answer.ok).toBe(true);
  return { socket, received };
}

async function bell(role: AgentRole): Promise<Array<{ _id: string; title: string; link: string | null }>> {
  const answer = await bed.server.call('GET', `/api/notification/getByShop/${bed.awa.shop.id}`, {
    token: bed.awa.members[role].token,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('the bell, scoped by role', () => {
  it('lists a new order, with its page, to those who see every order, not to a cashier', async () => {
    const { variantId } = await sellable(bed, as(bed.awa), 'Thiéboudienne', 3000, { stock: 10 });
    const order = await createOrderOk(bed, as(bed.awa, 'seller'), {
      lines: [line(variantId)],
      newClient: { name: 'Mariama Kane', phone: '77 123 45 68' },
    });
    for (const role of ['admin', 'supervisor', 'seller', 'inventory-manager'] as const) {
      const item = (await bell(role)).find((n) => n.title === `Nouvelle commande #${order.number}`);
      expect(item, role).toBeDefined();
      expect(item!.link).toBe(`/mes-commandes/${order.id}`);
    }
    expect((await bell('cashier')).some((n) => n.title.startsWith('Nouvelle commande'))).toBe(false);
  });

  it('lists low stock to those who see products only', async () => {
    const created = await createNotification(bed.database.db, bed.awa.shop.id, {
      type: 'low_stock',
      title: 'Bissap 1 L',
      description: 'Il ne reste que 2 unités.',
      link: '/mes-produits/p1',
      capability: 'products:view',
    });
    for (const role of AGENT_ROLES) {
      const sees = (await bell(role)).some((n) => n._id === created._id);
      expect(sees, role).toBe(role !== 'cashier');
    }
  });

  it('refuses a cashier marking read what they cannot see, as for an unknown id', async () => {
    const hidden = await createNotification(bed.database.db, bed.awa.shop.id, {
      type: 'shop',
      title: 'Nouvel agent',
      capability: 'team:view',
    });
    const answer = await bed.server.call('POST', '/api/notification/markAsRead', {
      token: bed.awa.members.cashier.token,
      body: { notificationsArray: [hidden._id], shopId: bed.awa.shop.id },
    });
    expect(answer.status).toBe(422);
    expect((await bell('admin')).find((n) => n._id === hidden._id)).toMatchObject({ isRead: false });
  });

  it('sends a notification live to the roles that may see it, never to its author', async () => {
    const admin = await joinedSocket('admin');
    const seller = await joinedSocket('seller');
    const cashier = await joinedSocket('cashier');
    const created = await createNotification(bed.database.db, bed.awa.shop.id, {
      type: 'order',
      title: 'Nouvelle commande #2001',
      description: 'Mariama Kane · 3 000 FCFA',
      link: '/mes-commandes/o1',
      capability: 'orders:view-all',
      authorId: bed.awa.members.seller.user.id,
    });
    await settle();
    expect(admin.received).toEqual([created]);
    // The seller took the order: no « Vous avez 1 nouvelle commande ! » for it.
    expect(seller.received).toEqual([]);
    // A cashier may not open other people's orders: not even told.
    expect(cashier.received).toEqual([]);
  });

  it('tells an order taken by hand to the others, not to whoever took it', async () => {
    const admin = await joinedSocket('admin');
    const seller = await joinedSocket('seller');
    const { variantId } = await sellable(bed, as(bed.awa), 'Yassa', 2500, { stock: 10 });
    const order = await createOrderOk(bed, as(bed.awa, 'admin'), { lines: [line(variantId)] });
    await settle();
    const titles = (received: unknown[]) => received.map((n) => (n as { title: string }).title);
    expect(titles(seller.received)).toContain(`Nouvelle commande #${order.number}`);
    expect(titles(admin.received)).not.toContain(`Nouvelle commande #${order.number}`);
  });

  it('moves a socket to its new role’s audience when the role changes', async () => {
    const { socket, received } = await joinedSocket('inventory-manager');
    const changed = new Promise((resolve) => socket.once('membershipChanged', resolve));
    const rejoin = () =>
      new Promise((resolve) => socket.emit('joinShop', { shopId: bed.awa.shop.id }, resolve));
    socket.on('membershipChanged', () => void rejoin());
    const agents = await bed.server.call('GET', `/api/agent/getAllAgents/${bed.awa.shop.id}`, {
      token: bed.awa.members.admin.token,
    });
    const agent = agents.body.find(
      (a: { userId: string }) => a.userId === bed.awa.members['inventory-manager'].user.id,
    );
    const answer = await bed.server.call('POST', '/api/agent/updateAgentRole', {
      token: bed.awa.members.admin.token,
      body: { shopId: bed.awa.shop.id, agentId: agent._id, role: 'cashier' },
    });
    expect(answer.status).toBe(200);
    expect(await changed).toEqual({ shopId: bed.awa.shop.id });
    await settle();
    await createNotification(bed.database.db, bed.awa.shop.id, {
      type: 'low_stock',
      title: 'Café Touba',
      capability: 'products:view',
    });
    await settle();
    expect(received).toEqual([]);
  });
});

describe('the push devices read with the notification', () => {
  it('are those of the shop’s active agents of the audience, never the author’s nor another shop’s', async () => {
    const db = bed.database.db;
    const shop = await createShopFixture(db, 'Boutique Appareils');
    const other = await createShopFixture(db, 'Boutique Voisine');
    const device = (member: { user: { id: string } }, token: string) => ({
      id: newId(),
      userId: member.user.id,
      token,
    });
    await db
      .insert(pushDevices)
      .values([
        device(shop.members.admin, 'jeton-admin'),
        device(shop.members.supervisor, 'jeton-superviseur'),
        device(shop.members.seller, 'jeton-vendeur'),
        device(shop.members.cashier, 'jeton-caissier'),
        device(other.members.admin, 'jeton-voisin'),
      ]);
    const values = { shopId: shop.shop.id, type: 'order', title: 'Nouvelle commande', description: '' };
    const everyone = await insertNotificationForPush(db, values, {});
    expect(everyone.pushTokens.sort()).toEqual(
      ['jeton-admin', 'jeton-caissier', 'jeton-superviseur', 'jeton-vendeur'].sort(),
    );
    const some = await insertNotificationForPush(db, values, {
      roles: ['admin', 'supervisor', 'seller'],
      exceptUserId: shop.members.seller.user.id,
    });
    expect(some.pushTokens.sort()).toEqual(['jeton-admin', 'jeton-superviseur']);
    expect(some.notification).toMatchObject({ ...values, isRead: false, link: null, capability: null });
    expect(some.notification.createdAt).toBeInstanceOf(Date);
  });
});
