import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCluster, REDIS_URL, type ServerNode } from './harness';

/*
 * Several Comptoir servers on one PostgreSQL: a browser connected to one server hears what
 * happens through another (socket.io's Redis adapter), and a server without the adapter does not
 * (the control that shows the check can fail). Each server says when it is alive and ready, and a
 * SIGTERM drains it (not ready, then gone) while the others keep serving.
 */

const cluster = createCluster('cluster');
const { nodes, query } = cluster;

async function listen(
  node: ServerNode,
  token: string,
  shopId: string,
): Promise<{ socket: Socket; heard: string[] }> {
  const socket = connect(node.url, { auth: { token }, transports: ['websocket'], reconnection: false });
  const heard: string[] = [];
  socket.on('newNotification', (n: { message?: string; title?: string }) => heard.push(JSON.stringify(n)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const joined = await socket.timeout(5000).emitWithAck('joinShop', { shopId });
  expect(joined).toEqual({ ok: true });
  return { socket, heard };
}

let shopId = '';
let variantId = '';
let admin = { token: '', userId: '' };
let seller = { token: '', userId: '' };

beforeAll(async () => {
  await cluster.createDatabase();
  // The first server migrates and seeds the demo shop; the others find them done.
  await cluster.start('A', { REDIS_URL });
  await Promise.all([cluster.start('B', { REDIS_URL }), cluster.start('C', {})]);
  const [shop] = await query<{ id: string }>(`select id from shops where slug = 'boutique-awa'`);
  shopId = shop!.id;
  const [variant] = await query<{ id: string }>(
    `select v.id from product_variants v join products p on p.id = v.product_id
     where p.shop_id = $1 and p.status = 'active' and p.track_stock and v.stock > 5 order by v.id limit 1`,
    [shopId],
  );
  variantId = variant!.id;
  admin = await cluster.tokenOf(await cluster.agentPhone(shopId, 'admin'));
  seller = await cluster.tokenOf(await cluster.agentPhone(shopId, 'seller'));
});

afterAll(() => cluster.stopAll());

describe('plusieurs serveurs sur une base', () => {
  it('an order made through server A reaches a browser on B (shared rooms), not one on C (no adapter)', async () => {
    const [a, b, c] = nodes;
    const onB = await listen(b!, seller.token, shopId);
    const onC = await listen(c!, seller.token, shopId);
    const made = await fetch(`${a!.url}/api/order/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ shopId, channel: 'whatsapp', lines: [{ variantId, quantity: 1 }] }),
    });
    expect(made.status, await made.clone().text()).toBe(200);
    const { number } = (await made.json()) as { number: number };
    const deadline = Date.now() + 10_000;
    while (onB.heard.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(onB.heard.join('\n')).toContain(String(number));
    // C shares no rooms: a second more, and nothing came.
    await new Promise((r) => setTimeout(r, 1000));
    expect(onC.heard).toEqual([]);
    onB.socket.close();
    onC.socket.close();
  });

  it('says alive and ready, then drains on SIGTERM while the others keep serving', async () => {
    const [a, b] = nodes;
    expect((await fetch(`${a!.url}/api/health`)).status).toBe(200);
    const ready = await fetch(`${a!.url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { migrations: number }).migrations).toBeGreaterThan(40);
    const listening = await listen(a!, seller.token, shopId);
    const closed = new Promise<string>((resolve) => listening.socket.once('disconnect', resolve));
    const exited = new Promise<number | null>((resolve) => a!.child.once('exit', (code) => resolve(code)));
    a!.child.kill('SIGTERM');
    // The browser's socket is closed by the server, so it can reconnect elsewhere.
    expect(await closed).toBe('io server disconnect');
    expect(await exited).toBe(0);
    expect((await fetch(`${b!.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${b!.url}/api/ready`)).status).toBe(200);
  });
});
