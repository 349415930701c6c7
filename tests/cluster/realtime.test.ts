import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * Several Comptoir servers on one PostgreSQL: a browser connected to one server hears what
 * happens through another (socket.io's Redis adapter), and a server without the adapter does not
 * (the control that shows the check can fail). Each server says when it is alive and ready, and a
 * SIGTERM drains it (not ready, then gone) while the others keep serving.
 */

const PG_URL = (process.env.CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECRET = randomBytes(24).toString('hex');
const DB = `comptoir_cluster_${process.pid}`;
const root = path.resolve(import.meta.dirname, '../..');

interface Node {
  name: string;
  port: number;
  child: ChildProcess;
  url: string;
  log: () => string;
}
const nodes: Node[] = [];
const dataDirs: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function start(name: string, extra: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `comptoir-cluster-${name}-`));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: `${PG_URL}/${DB}`,
      NEXTAUTH_SECRET: SECRET,
      NEXTAUTH_URL: `http://localhost:${port}`,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...extra,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const node = { name, port, child, url: `http://127.0.0.1:${port}`, log: () => stderr };
  nodes.push(node);
  const started = Date.now();
  for (;;) {
    const ready = await fetch(`${node.url}/api/ready`).catch(() => null);
    if (ready?.status === 200) return node;
    if (child.exitCode !== null) throw new Error(`${name} s’est arrêté : ${stderr}`);
    if (Date.now() - started > 120_000) throw new Error(`${name} n’est pas prêt : ${stderr}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: `${PG_URL}/${DB}` });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** An access token for `phone`'s user, signed as the servers sign theirs, on a sign-in of its own. */
async function tokenOf(phone: string): Promise<{ token: string; userId: string }> {
  const [user] = await query<{ id: string }>('select id from users where phone = $1', [phone]);
  const sessionId = randomBytes(18).toString('base64url');
  await query('insert into auth_sessions (id, user_id) values ($1, $2)', [sessionId, user!.id]);
  const key = createHash('sha256').update(`access-token:${SECRET}`).digest();
  const token = await new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user!.id)
    .setIssuer('comptoir')
    .setAudience('comptoir-api')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
  return { token, userId: user!.id };
}

async function listen(
  node: Node,
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
  const server = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  await server.connect();
  await server.query(`create database ${DB}`);
  await server.end();
  // The first server migrates and seeds the demo shop; the others find them done.
  await start('A', { REDIS_URL });
  await Promise.all([start('B', { REDIS_URL }), start('C', {})]);
  const [shop] = await query<{ id: string }>(`select id from shops where slug = 'boutique-awa'`);
  shopId = shop!.id;
  const [variant] = await query<{ id: string }>(
    `select v.id from product_variants v join products p on p.id = v.product_id
     where p.shop_id = $1 and p.status = 'active' and p.track_stock and v.stock > 5 order by v.id limit 1`,
    [shopId],
  );
  variantId = variant!.id;
  const [adminPhone, sellerPhone] = await Promise.all(
    ['admin', 'seller'].map(async (role) => {
      const [row] = await query<{ phone: string }>(
        `select u.phone from agents a join users u on u.id = a.user_id where a.shop_id = $1 and a.role = $2 limit 1`,
        [shopId, role],
      );
      return row!.phone;
    }),
  );
  admin = await tokenOf(adminPhone!);
  seller = await tokenOf(sellerPhone!);
});

afterAll(async () => {
  for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGKILL');
  await new Promise((r) => setTimeout(r, 500));
  const server = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  await server.connect();
  await server.query(`drop database if exists ${DB} with (force)`);
  await server.end();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

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
