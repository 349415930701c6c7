import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import pg from 'pg';

/*
 * Built Comptoir servers (dist/server.js) on one throwaway PostgreSQL database, as a platform runs
 * them; the cluster suites start, stop and kill them, and read the database directly.
 */

const PG_URL = (process.env.CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
export const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
const root = path.resolve(import.meta.dirname, '../..');

export interface ServerNode {
  name: string;
  port: number;
  child: ChildProcess;
  url: string;
  /** Its DATA_DIR. */
  dataDir: string;
  log: () => string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createCluster(label: string) {
  const secret = randomBytes(24).toString('hex');
  const db = `comptoir_${label}_${process.pid}`;
  const nodes: ServerNode[] = [];
  const dirs: string[] = [];

  async function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: `${PG_URL}/${db}` });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  async function admin(text: string): Promise<void> {
    const server = new pg.Client({ connectionString: `${PG_URL}/postgres` });
    await server.connect();
    try {
      await server.query(text);
    } finally {
      await server.end();
    }
  }

  return {
    nodes,
    query,
    tempDir(name: string): string {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `comptoir-${label}-${name}-`));
      dirs.push(dir);
      return dir;
    },
    createDatabase: () => admin(`create database ${db}`),

    /** Starts a server and waits until it says it is ready. */
    async start(name: string, extra: Record<string, string> = {}): Promise<ServerNode> {
      const port = await freePort();
      const dataDir = this.tempDir(name);
      const child = spawn(process.execPath, ['dist/server.js'], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: `${PG_URL}/${db}`,
          NEXTAUTH_SECRET: secret,
          NEXTAUTH_URL: `http://localhost:${port}`,
          SEED_DEMO: 'true',
          LOG_LEVEL: 'warn',
          ...extra,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr!.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
      const node = { name, port, child, url: `http://127.0.0.1:${port}`, dataDir, log: () => stderr };
      nodes.push(node);
      const started = Date.now();
      for (;;) {
        const ready = await fetch(`${node.url}/api/ready`).catch(() => null);
        if (ready?.status === 200) return node;
        if (child.exitCode !== null) throw new Error(`${name} s’est arrêté : ${stderr}`);
        if (Date.now() - started > 120_000) throw new Error(`${name} n’est pas prêt : ${stderr}`);
        await pause(250);
      }
    },

    /** An access token for `phone`'s user, signed as the servers sign theirs, on a sign-in of its own. */
    async tokenOf(phone: string): Promise<{ token: string; userId: string }> {
      const [user] = await query<{ id: string }>('select id from users where phone = $1', [phone]);
      const sessionId = randomBytes(18).toString('base64url');
      await query('insert into auth_sessions (id, user_id) values ($1, $2)', [sessionId, user!.id]);
      const key = createHash('sha256').update(`access-token:${secret}`).digest();
      const token = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user!.id)
        .setIssuer('comptoir')
        .setAudience('comptoir-api')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key);
      return { token, userId: user!.id };
    },

    /** The phone of the demo shop's first agent of `role`. */
    async agentPhone(shopId: string, role: string): Promise<string> {
      const [row] = await query<{ phone: string }>(
        `select u.phone from agents a join users u on u.id = a.user_id where a.shop_id = $1 and a.role = $2 limit 1`,
        [shopId, role],
      );
      return row!.phone;
    },

    async stopAll(): Promise<void> {
      for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGKILL');
      await pause(500);
      await admin(`drop database if exists ${db} with (force)`);
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Cluster = ReturnType<typeof createCluster>;
