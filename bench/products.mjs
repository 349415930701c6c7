// npm run bench:products — the product list at scale (issue: 20 000 products / 60 000 variants).
// For PGlite (temp data folder) then PostgreSQL (a throwaway database on BENCH_PG_URL, default
// postgres://postgres@127.0.0.1:5432): start the built server once (migrations, demo shop), stop
// it, run `seed:large --products 20000 --variants-per-product 3`, restart it, then 10 s of load at
// 10 connections per request (first page, search, barcode search, page 50 by cursor) and a 5 000-row
// CSV import. Prints a table against the targets (p95 ≤ 50 ms PostgreSQL, ≤ 100 ms PGlite;
// import ≤ 10 s) and the server's memory. Run `npm run build` first.
//
// autocannon is not a dependency, so the load is generated here the way it does it: a closed loop
// of N keep-alive connections, each sending its next request when the previous answer is read;
// latency from the request's start to the answer's last byte; requests/s over the whole run.
//
// Options: --only pglite|postgres, --duration <s> (10), --connections <n> (10),
//          --products <n> (20000), --variants-per-product <n> (3), --import-rows <n> (5000).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { printTable } from './lib/harness.mjs';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a, i, all) => (a.startsWith('--') ? [a.slice(2), all[i + 1]] : null))
    .filter(Boolean),
);
const DURATION_S = Number(args.duration ?? 10);
const CONNECTIONS = Number(args.connections ?? 10);
const PRODUCTS = Number(args.products ?? 20_000);
const VARIANTS = Number(args['variants-per-product'] ?? 3);
const IMPORT_ROWS = Number(args['import-rows'] ?? 5_000);
const PG_URL = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const TARGET_P95 = { pglite: 100, postgres: 50 };
const TARGET_IMPORT_S = 10;
const ADMIN_PHONE = '+221770000001';
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const children = new Set();

// ---------- processes ----------

/** A port nobody listens on now (other benches and test servers run on this machine too). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function startServer(env, port) {
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: root,
    env: { ...env, NODE_ENV: 'production', SEED_DEMO: 'true', LOG_LEVEL: 'warn', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  child.on('exit', (code, signal) => {
    children.delete(child);
    child.ended = signal ? `signal ${signal}` : `code ${code}`;
  });
  child.stderrTail = () => stderr;
  return child;
}

async function waitReady(child, port) {
  const started = performance.now();
  while (performance.now() - started < 120_000) {
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

async function stopServer(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

function run(command, commandArgs, env) {
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
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ = 100
}

function memoryMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))[1]);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

// ---------- token: signed like src/server/auth/access-token.ts, for a session of demoIds ----------

async function accessToken(dataDir, userId, sessionId) {
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

const DEMO_QUERY = `select u.id as user_id, a.shop_id, (select count(*)::int from product_variants v where v.shop_id = a.shop_id) as variants,
  (select count(*)::int from products p where p.shop_id = a.shop_id) as products
  from users u join agents a on a.user_id = u.id join shops s on s.id = a.shop_id
  where u.phone = '${ADMIN_PHONE}' and s.slug = 'boutique-awa'`;

/**
 * The demo shop's ids, and a sign-in of its admin (a row of auth_sessions) for the bench's token to
 * name: the server refuses a token without an open session.
 */
async function demoIds(query) {
  const [ids] = await query(DEMO_QUERY);
  if (!ids) return null;
  const sessionId = randomBytes(18).toString('base64url');
  await query(`insert into auth_sessions (id, user_id) values ($1, $2)`, [sessionId, ids.user_id]);
  return { ...ids, session_id: sessionId };
}

async function demoIdsPglite(dataDir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    return await demoIds((text, params) => client.query(text, params).then((r) => r.rows));
  } finally {
    await client.close();
  }
}

async function withPg(url, fn) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// ---------- load ----------

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

function request(port, { method = 'GET', path: urlPath, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function load(port, headers, urlPath) {
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const end = started + DURATION_S * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        const res = await request(port, { path: urlPath, headers });
        latencies.push(performance.now() - t0);
        bytes += res.body.length;
        if (res.status < 200 || res.status >= 300) non2xx++;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    non2xx,
    errors,
    kbPerAnswer: latencies.length ? bytes / latencies.length / 1024 : 0,
  };
}

// ---------- CSV import ----------

const CSV_HEADER =
  'Nom;Description;Statut;Catégorie;Étiquettes;Suivi du stock;Seuil de stock faible;Poids (g);Option 1 nom;Option 1 valeur;Option 2 nom;Option 2 valeur;Option 3 nom;Option 3 valeur;SKU;Code-barres;Prix;Prix barré;Prix de revient;Stock';

function ean13(twelve) {
  const sum = [...twelve].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return twelve + ((10 - (sum % 10)) % 10);
}

/** rows lines: 40 % single-variant products, the rest 3 sizes each; codes unique to this run. */
function importCsv(rows) {
  const run = Date.now().toString(36).toUpperCase();
  const lines = [CSV_HEADER];
  const names = ['Jus de bissap', 'Thé à la menthe', 'Savon noir', 'Pagne wax', 'Boubou brodé', 'Café Touba'];
  const sizes = ['S', 'M', 'L'];
  let product = 0;
  const single = Math.floor(rows * 0.4);
  while (lines.length - 1 < rows) {
    product++;
    const name = `${names[product % names.length]} importé n° ${product}`;
    const variants = lines.length - 1 < single ? [null] : sizes.slice(0, rows - (lines.length - 1));
    variants.forEach((size, i) => {
      const n = lines.length;
      const price = 500 + (product % 40) * 250 + i * 100;
      lines.push(
        [
          name,
          'Importé pour le banc d’essai',
          'Actif',
          'Jus locaux',
          'Import',
          'Oui',
          '5',
          '250',
          size ? 'Taille' : '',
          size ?? '',
          '',
          '',
          '',
          '',
          `IMP-${run}-${String(n).padStart(5, '0')}`,
          ean13(`619${String(Date.now() % 1e4).padStart(4, '0')}${String(n).padStart(5, '0')}`),
          String(price),
          n % 5 === 0 ? String(price + 500) : '',
          String(Math.round(price * 0.6)),
          String(n % 7 === 0 ? 0 : 10 + (n % 50)),
        ].join(';'),
      );
    });
  }
  return lines.join('\n') + '\n';
}

// ---------- one database ----------

async function benchDatabase(kind, port) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `comptoir-bench-products-${kind}-`));
  const dbName = `comptoir_bench_${process.pid}`;
  const env = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  if (kind === 'postgres') {
    await withPg(`${PG_URL}/postgres`, (c) => c.query(`create database ${dbName}`));
    env.DATABASE_URL = `${PG_URL}/${dbName}`;
  }
  const result = { kind, loads: {}, import: null, seed: '', memory: null };
  let server = null;
  try {
    console.log(`\n== ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} ==`);
    server = startServer(env, port);
    const coldMs = await waitReady(server, port);
    console.log(`serveur prêt (base neuve, migrations, démo) en ${(coldMs / 1000).toFixed(1)} s`);
    await stopServer(server);

    const seedStarted = performance.now();
    const seedOut = await run(
      path.join(root, 'node_modules/.bin/tsx'),
      ['scripts/seed-large.ts', '--products', String(PRODUCTS), '--variants-per-product', String(VARIANTS)],
      env,
    );
    result.seedSeconds = (performance.now() - seedStarted) / 1000;
    const seedSummary = seedOut
      .split('\n')
      .filter((l) => !l.startsWith('{'))
      .join(' ');
    console.log(`seed:large (${result.seedSeconds.toFixed(1)} s avec le démarrage de tsx) : ${seedSummary}`);

    const ids =
      kind === 'pglite'
        ? await demoIdsPglite(dataDir)
        : await withPg(env.DATABASE_URL, (c) =>
            demoIds((text, params) => c.query(text, params).then((r) => r.rows)),
          );
    if (!ids) throw new Error('boutique de démo introuvable');
    console.log(`boutique ${ids.shop_id} : ${ids.products} produits, ${ids.variants} variantes`);
    const headers = { Authorization: `Bearer ${await accessToken(dataDir, ids.user_id, ids.session_id)}` };

    server = startServer(env, port);
    await waitReady(server, port);
    const base = `/api/product/list?shopId=${encodeURIComponent(ids.shop_id)}`;

    // Reference answers: a barcode to look for, and the cursor of page 50.
    const first = await request(port, { path: base, headers });
    if (first.status !== 200) throw new Error(`liste : HTTP ${first.status} ${first.body}`);
    const firstPage = JSON.parse(first.body);
    const barcode = firstPage.items.find((p) => p.barcode)?.barcode;
    let cursor = firstPage.nextCursor;
    for (let page = 2; page < 50 && cursor; page++) {
      const res = await request(port, { path: `${base}&after=${encodeURIComponent(cursor)}`, headers });
      cursor = JSON.parse(res.body).nextCursor;
    }
    const scenarios = [
      ['1re page (50, récents)', base],
      ['recherche « bissap »', `${base}&search=bissap`],
      [`recherche code-barres ${barcode}`, `${base}&search=${barcode}`],
      ...(cursor ? [['page 50 (curseur)', `${base}&after=${encodeURIComponent(cursor)}`]] : []),
    ];
    for (const [label, urlPath] of scenarios) {
      const check = JSON.parse((await request(port, { path: urlPath, headers })).body);
      for (let i = 0; i < 20; i++) await request(port, { path: urlPath, headers }); // warm-up
      const loadBefore = os.loadavg()[0];
      const cpuBefore = cpuMs(server.pid);
      const clientBefore = process.cpuUsage();
      const figures = await load(port, headers, urlPath);
      const client = process.cpuUsage(clientBefore);
      figures.serverCpuPerRequest = (cpuMs(server.pid) - cpuBefore) / Math.max(1, figures.requests);
      figures.clientCpuPerRequest = (client.user + client.system) / 1000 / Math.max(1, figures.requests);
      figures.loadBefore = loadBefore;
      figures.found = check.items?.length ?? 0;
      result.loads[label] = figures;
      console.log(
        `${label} : ${figures.found} résultats, p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, ` +
          `p99 ${figures.p99.toFixed(1)} ms, ${figures.rps.toFixed(0)} req/s, ` +
          `CPU du serveur ${figures.serverCpuPerRequest.toFixed(1)} ms/req (client ${figures.clientCpuPerRequest.toFixed(1)}), ` +
          `charge machine avant ${figures.loadBefore.toFixed(1)}` +
          (figures.non2xx || figures.errors ? `, ${figures.non2xx} non-2xx, ${figures.errors} erreurs` : ''),
      );
    }
    result.memory = memoryMb(server.pid);

    const csv = importCsv(IMPORT_ROWS);
    const t0 = performance.now();
    const answer = await request(port, {
      method: 'POST',
      path: `/api/product/importCsv?shopId=${encodeURIComponent(ids.shop_id)}&dryRun=false`,
      headers: { ...headers, 'Content-Type': 'text/csv; charset=utf-8' },
      body: csv,
    });
    const seconds = (performance.now() - t0) / 1000;
    // The catch-all answers unknown API paths with « Cette adresse d'API n'existe pas. »
    if (answer.status === 404 && answer.body.toString().includes("adresse d'API")) {
      console.log('import : route absente');
      result.import = { absent: true };
    } else {
      let parsed = null;
      try {
        parsed = JSON.parse(answer.body);
      } catch {
        /* not JSON */
      }
      result.import = {
        seconds,
        status: answer.status,
        answer: parsed ?? answer.body.toString().slice(0, 300),
      };
      const summary =
        answer.status === 200 && parsed
          ? `créés ${parsed.created}, mis à jour ${parsed.updated}, ignorés ${parsed.skipped}, erreurs ${
              Array.isArray(parsed.errors) ? parsed.errors.length : parsed.errors
            }`
          : `HTTP ${answer.status} ${JSON.stringify(result.import.answer).slice(0, 300)}`;
      console.log(`import CSV ${IMPORT_ROWS} lignes : ${seconds.toFixed(2)} s — ${summary}`);
    }
    result.memoryAfterImport = memoryMb(server.pid);
  } catch (error) {
    result.failure = error instanceof Error ? error.message : String(error);
    console.log(`ÉCHEC : ${result.failure}`);
    if (server?.ended) console.log(`le serveur s'est arrêté (${server.ended})`);
    if (server?.stderrTail()) console.log(`journal du serveur :\n${server.stderrTail()}`);
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres')
      await withPg(`${PG_URL}/postgres`, (c) =>
        c.query(`drop database if exists ${dbName} with (force)`),
      ).catch((e) => console.log(`base ${dbName} non supprimée : ${e.message}`));
  }
  return result;
}

// ---------- main ----------

function table(results) {
  const rows = [
    ['base', 'mesure', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'CPU srv ms/req', 'cible', 'verdict'],
  ];
  for (const r of results) {
    const name = r.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    for (const [label, f] of Object.entries(r.loads)) {
      const ok = f.p95 <= TARGET_P95[r.kind] && f.non2xx === 0 && f.errors === 0;
      rows.push([
        name,
        label,
        f.rps.toFixed(0),
        f.p50.toFixed(1),
        f.p95.toFixed(1),
        f.p99.toFixed(1),
        f.serverCpuPerRequest.toFixed(1),
        `p95 ≤ ${TARGET_P95[r.kind]} ms`,
        ok ? 'PASS' : `FAIL${f.non2xx || f.errors ? ' (erreurs)' : ''}`,
      ]);
    }
    if (r.import?.absent)
      rows.push([name, `import CSV ${IMPORT_ROWS} lignes`, '', '', '', '', '', '', 'route absente']);
    else if (r.import)
      rows.push([
        name,
        `import CSV ${IMPORT_ROWS} lignes`,
        '',
        '',
        '',
        `${r.import.seconds.toFixed(2)} s`,
        '',
        `≤ ${TARGET_IMPORT_S} s`,
        r.import.status !== 200
          ? `FAIL (HTTP ${r.import.status})`
          : r.import.seconds <= TARGET_IMPORT_S
            ? 'PASS'
            : 'FAIL',
      ]);
    if (r.memory)
      rows.push([
        name,
        'RSS du serveur',
        '',
        '',
        '',
        '',
        '',
        '',
        `${r.memory.rss} Mo après la charge` +
          (r.memoryAfterImport
            ? `, ${r.memoryAfterImport.rss} Mo après l'import (pic ${r.memoryAfterImport.peak} Mo)`
            : ''),
      ]);
    if (r.failure) rows.push([name, 'ÉCHEC', '', '', '', '', '', '', r.failure.split('\n')[0].slice(0, 120)]);
  }
  printTable(
    `${PRODUCTS} produits × ${VARIANTS} variantes, ${CONNECTIONS} connexions, ${DURATION_S} s par mesure`,
    rows,
  );
}

async function main() {
  if (!fs.existsSync(path.join(root, 'dist/server.js')))
    throw new Error('dist/server.js absent : npm run build');
  const kinds = args.only ? [args.only] : ['pglite', 'postgres'];
  const results = [];
  for (const kind of kinds) {
    if (kind === 'postgres') {
      try {
        await withPg(`${PG_URL}/postgres`, (c) => c.query('select 1'));
      } catch (error) {
        console.log(`\nPostgreSQL indisponible sur ${PG_URL} (${error.message}) : mesure sautée.`);
        continue;
      }
    }
    results.push(await benchDatabase(kind, await freePort()));
  }
  table(results);
  agent.destroy();
}

const killAll = () => {
  for (const child of children) child.kill('SIGKILL');
};
process.on('SIGINT', () => {
  killAll();
  process.exit(130);
});
main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  killAll();
  process.exitCode = 1;
});
