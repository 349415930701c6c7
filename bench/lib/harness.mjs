// What the benchmarks share: the built server as a child process, tokens signed as the server
// signs them, direct database access, and autocannon with percentiles taken from every response.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const children = new Set();

/** `--name value` pairs. */
export function parseArgs(argv = process.argv.slice(2)) {
  return Object.fromEntries(
    argv.map((a, i, all) => (a.startsWith('--') ? [a.slice(2), all[i + 1]] : null)).filter(Boolean),
  );
}

/** Kills whatever is still running (a failed bench must not leave servers behind). */
export function killChildren() {
  for (const child of children) child.kill('SIGKILL');
}

/** A port nobody listens on now (other benches and test servers run on this machine too). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export function startServer(env, port, serverFile = 'dist/server.js') {
  const child = spawn(process.execPath, [serverFile], {
    cwd: root,
    env: { ...env, NODE_ENV: 'production', SEED_DEMO: 'true', LOG_LEVEL: 'warn', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  child.on('exit', (code, signal) => {
    children.delete(child);
    // How it ended, for a failure report (« le serveur s'est arrêté (signal SIGKILL) »).
    child.ended = signal ? `signal ${signal}` : `code ${code}`;
  });
  child.stderrTail = () => stderr;
  return child;
}

export async function waitReady(child, port) {
  const started = performance.now();
  while (performance.now() - started < 300_000) {
    if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté : ${child.stderrTail()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/login`);
      await response.arrayBuffer();
      if (response.ok && child.exitCode === null) return performance.now() - started;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('le serveur ne répond pas');
}

export async function stopServer(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** A command to its end; answers its output, throws with it on failure. */
export function run(command, commandArgs, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      children.delete(child);
      if (code === 0) resolve(out.trim());
      else reject(new Error(`${path.basename(command)} ${commandArgs.join(' ')} : code ${code}\n${out}`));
    });
  });
}

/** CPU time (ms) the process used so far, from /proc: utime + stime. */
export function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ = 100
}

/**
 * CPU time (ms) so far of the local PostgreSQL's processes working for `dbName` (its backends, named
 * after the database) and of those shared by all (WAL writer, background writer, checkpointer), by
 * pid; null when the server at `pgUrl` is not on this machine.
 */
export function postgresCpuMs(pgUrl, dbName) {
  if (!/@(127\.0\.0\.1|localhost)(:|\/|$)/.test(pgUrl)) return null;
  const byPid = new Map();
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes('(postgres)')) continue;
      const title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (title.includes(` ${dbName} `) || /walwriter|background writer|checkpointer/.test(title))
        byPid.set(pid, cpuMs(pid));
    } catch {
      /* gone meanwhile */
    }
  }
  return byPid;
}

/** What the processes alive at the end spent since `before` (a backend that closed meanwhile is left out). */
export function postgresCpuSince(before, after) {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/**
 * A sign-in of `userId` (a row of auth_sessions, as src/features/auth/server/open-session.ts makes
 * it), for the bench's access token to name: the server refuses a token without an open session.
 * `query` is withDatabase's.
 */
export async function openSession(query, userId) {
  const id = randomBytes(18).toString('base64url');
  await query(`insert into auth_sessions (id, user_id) values ($1, $2)`, [id, userId]);
  return id;
}

/** An API access token, signed like src/server/auth/access-token.ts, for a session of openSession. */
export async function accessToken(dataDir, userId, sessionId) {
  const secret =
    process.env.NEXTAUTH_SECRET ?? fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim();
  const key = createHash('sha256').update(`access-token:${secret}`).digest();
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer('comptoir')
    .setAudience('comptoir-api')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(key);
}

export async function withPg(url, fn) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The database, read directly (PGlite only while the server is stopped: it holds the lock). */
export async function withDatabase(kind, dataDir, url, fn) {
  if (kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create(path.join(dataDir, 'pglite'));
    try {
      return await fn((text, params) => client.query(text, params).then((r) => r.rows));
    } finally {
      await client.close();
    }
  }
  return withPg(url, (c) => fn((text, params) => c.query(text, params).then((r) => r.rows)));
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** A latency for the report; « — » when no request came back in time. */
export const ms = (n) => (Number.isFinite(n) ? n.toFixed(1) : '—');

/**
 * autocannon for `seconds` (or `amount` requests) at `connections`; every response's latency kept,
 * so the percentiles are exact (autocannon's own summary has p97.5 but no p95).
 * `request.setupRequest` may rewrite each request (a fresh body).
 */
export async function cannon(port, { seconds, amount, connections }, request) {
  const latencies = [];
  const serverTimes = [];
  const statuses = {};
  let firstError = null;
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    ...(amount ? { amount } : { duration: seconds }),
    timeout: 30,
    requests: [
      {
        ...request,
        onResponse: (status, body, _context, headers) => {
          if ((status < 200 || status >= 300) && !firstError)
            firstError = `HTTP ${status} ${body}`.slice(0, 300);
          // The server's own time, when it says it (Server-Timing: app;dur=…).
          const name = Object.keys(headers ?? {}).find((key) => key.toLowerCase() === 'server-timing');
          const timing = /\bdur=([\d.]+)/.exec(name ? String(headers[name]) : '');
          if (timing) serverTimes.push(Number(timing[1]));
        },
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, latency) => {
    latencies.push(latency);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const result = await instance;
  const elapsed = result.duration || seconds || 1;
  latencies.sort((a, b) => a - b);
  serverTimes.sort((a, b) => a - b);
  const ok = Object.entries(statuses)
    .filter(([s]) => s >= 200 && s < 300)
    .reduce((n, [, c]) => n + c, 0);
  return {
    requests: latencies.length,
    ok,
    non2xx: latencies.length - ok,
    errors: result.errors + result.timeouts,
    rps: latencies.length / elapsed,
    okPerSecond: ok / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    kbPerAnswer: result.requests.total ? result.throughput.total / result.requests.total / 1024 : 0,
    serverP50: percentile(
      serverTimes.sort((a, b) => a - b),
      50,
    ),
    serverP95: percentile(serverTimes, 95),
    firstError,
  };
}

/** The columns of the benches' result table (products has no « résultat »). */
export const RESULT_HEADER = [
  'base',
  'mesure',
  'req/s',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'CPU srv ms/req',
  'résultat',
  'cible',
  'verdict',
];

/**
 * Prints a bench's figures as one aligned table under its title, then, given the targets'
 * verdicts, PASS or the list of what failed. Answers how many failed.
 */
export function printTable(title, rows, verdicts = null) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  const line = (row) => row.map((c, i) => (c ?? '').padEnd(widths[i])).join(' │ ');
  console.log(`\n${title}`);
  console.log(line(rows[0]));
  console.log(widths.map((w) => '─'.repeat(w)).join('─┼─'));
  for (const row of rows.slice(1)) console.log(line(row));
  if (!verdicts) return 0;
  const failed = verdicts.filter((v) => !v.ok);
  console.log(
    failed.length
      ? `\nFAIL : ${failed.map((v) => `${v.name} ${v.label}`).join(', ')}`
      : `\nPASS : ${verdicts.length} cibles atteintes`,
  );
  return failed.length;
}

/**
 * A base for a bench at scale: a kept one (`--pg-db` / `--pglite-dir`, vacuumed, nothing dropped
 * after) or a new one — the built server started once (migrations, demo shop), stopped, then
 * `seed:large seedArgs` under `nice`. Answers the server's environment and `release()`, which
 * drops what was made unless kept (`--keep true`), saying how to measure it again.
 */
export async function prepareScaleBase({ kind, args, pgUrl, prefix, seedArgs, port }) {
  const reused = kind === 'postgres' ? args['pg-db'] : args['pglite-dir'];
  const dataDir =
    kind === 'pglite' && reused
      ? path.resolve(reused)
      : fs.mkdtempSync(path.join(os.tmpdir(), `comptoir-bench-${prefix}-${kind}-`));
  const dbName = kind === 'postgres' && reused ? reused : `comptoir_bench_${prefix}_${process.pid}`;
  const keep = !!reused || args.keep === 'true';
  const env = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  if (kind === 'postgres') {
    if (!reused) await withPg(`${pgUrl}/postgres`, (c) => c.query(`create database ${dbName}`));
    env.DATABASE_URL = `${pgUrl}/${dbName}`;
  }
  let seedSeconds = null;
  if (reused) {
    console.log(`base déjà remplie : ${kind === 'postgres' ? env.DATABASE_URL : dataDir}`);
    if (kind === 'postgres') await withPg(env.DATABASE_URL, (c) => c.query('vacuum analyze'));
  } else {
    const server = startServer(env, port, args.server);
    const coldMs = await waitReady(server, port);
    console.log(`serveur prêt (base neuve, migrations, démo) en ${(coldMs / 1000).toFixed(1)} s`);
    await stopServer(server);
    const started = performance.now();
    const out = await run(
      'nice',
      ['-n', '19', path.join(root, 'node_modules/.bin/tsx'), 'scripts/seed-large.ts', ...seedArgs],
      env,
    );
    seedSeconds = (performance.now() - started) / 1000;
    console.log(`seed:large ${seedArgs.join(' ')} (${seedSeconds.toFixed(1)} s avec le démarrage de tsx) :`);
    for (const line of out.split('\n').filter((l) => !l.startsWith('{'))) console.log(`  ${line}`);
  }
  const release = async () => {
    if (keep && !reused)
      console.log(
        `base gardée : ${kind === 'postgres' ? `--pg-db ${dbName}` : `--pglite-dir ${dataDir}`} pour la mesurer à nouveau`,
      );
    if (!keep || kind === 'postgres') fs.rmSync(dataDir, { recursive: true, force: true });
    if (!keep && kind === 'postgres')
      await withPg(`${pgUrl}/postgres`, (c) =>
        c.query(`drop database if exists ${dbName} with (force)`),
      ).catch((e) => console.log(`base ${dbName} non supprimée : ${e.message}`));
  };
  return { env, dataDir, dbName, seedSeconds, release };
}

/**
 * One measure: 2 s of warm-up, then `seconds` at `connections` (`each` draws each request's path),
 * with the server's CPU per request and the machine's load before.
 */
export async function measureLoad(port, server, { path: urlPath, headers, each, seconds, connections }) {
  const request = {
    method: 'GET',
    path: urlPath,
    headers,
    ...(each ? { setupRequest: (req) => ({ ...req, path: each() }) } : {}),
  };
  await cannon(port, { seconds: 2, connections }, request);
  const loadBefore = os.loadavg()[0];
  const cpuBefore = cpuMs(server.pid);
  const figures = await cannon(port, { seconds, connections }, request);
  figures.serverCpuPerRequest = (cpuMs(server.pid) - cpuBefore) / Math.max(1, figures.requests);
  figures.loadBefore = loadBefore;
  return figures;
}

/** GET answered in JSON (a non-200 is an error with the start of its body). */
export function getJson(port, urlPath, headers) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString();
          if (res.statusCode !== 200)
            reject(new Error(`${urlPath} : HTTP ${res.statusCode} ${body.slice(0, 300)}`));
          else resolve({ json: JSON.parse(body), bytes: Buffer.byteLength(body) });
        });
      })
      .on('error', reject);
  });
}

/** A process's resident memory and its peak (VmHWM), in MB, from /proc. */
export function memoryMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))[1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Resets the process's peak RSS (VmHWM) to its current RSS; false where the kernel refuses. */
export function resetPeak(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
