// npm run bench:channels — Canaux de vente at scale (issue 24: 20 000 products, 60 000 variants).
// For PostgreSQL (a throwaway database on BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432)
// then PGlite (temp data folder): start the built server once (migrations, demo shop), stop it,
// run `seed:large --products 20000 --variants-per-product 3` into the demo shop, restart it, then:
//   - paste-to-order: POST /api/channel/pasteOrder with WhatsApp-like messages naming 1 to 4 of the
//     seeded products (misspelt, without accents, quantities in words or digits, a phone, a
//     quartier). The index is built first, as opening the tab does (POST pasteReady, reported
//     apart), then the first paste, then `--pastes` calls:
//     the matching time the server measures (`tookMs`) and the whole request's, p50/p95;
//   - the Meta CSV and Google RSS feeds at the shop's secret address, each written from the
//     database as a robot first reads it (its file kept on disk is removed before): time to the
//     last byte, bytes and lines, and the server's memory growth while it streams (its peak,
//     VmHWM, reset just before; else /proc sampled every 20 ms); then once more, read from the
//     kept file.
// Prints the figures and PASS/FAIL per target: matching p95 ≤ 100 ms, each feed ≤ 5 s and
// ≤ 50 MB of growth. Run `npm run build` first.
//
// Options: --only pglite|postgres, --products <n> (20000), --variants-per-product <n> (3),
//          --pastes <n> (50), --keep true, --pg-db <name> / --pglite-dir <dir> (a base kept earlier).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  accessToken,
  freePort,
  killChildren,
  ms,
  openSession,
  parseArgs,
  percentile,
  prepareScaleBase,
  printTable,
  startServer,
  stopServer,
  waitReady,
  withDatabase,
  memoryMb,
  resetPeak,
} from './lib/harness.mjs';

const args = parseArgs();
const PRODUCTS = Number(args.products ?? 20_000);
const VARIANTS = Number(args['variants-per-product'] ?? 3);
const PASTES = Number(args.pastes ?? 50);
const PG_URL = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const ADMIN_PHONE = '+221770000001';
const TARGET_MATCH_P95_MS = 100;
const TARGET_FEED_S = 5;
const TARGET_FEED_GROWTH_MB = 50;

function request(port, { method = 'GET', path: urlPath, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method, headers }, (res) => {
      let bytes = 0;
      let lines = 0;
      const chunks = [];
      res.on('data', (chunk) => {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        if (method === 'POST') chunks.push(chunk);
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          bytes,
          lines,
          ms: performance.now() - started,
          json: chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : null,
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

// ---------- messages a customer would write, from the seeded names ----------

const WORDS = ['', 'un', 'deux', 'trois', 'quatre', 'cinq'];
function misspell(name, i) {
  const bare = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s*\(lot de \d\)/, '');
  const words = bare.split(' ');
  // One letter dropped from the longest word, as a thumb does on a phone.
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  const cut = Math.min(longest.length - 2, 2 + (i % 3));
  return words.map((w) => (w === longest ? w.slice(0, cut) + w.slice(cut + 1) : w)).join(' ');
}

function messages(names) {
  const out = [];
  for (let i = 0; out.length < 10; i++) {
    const count = 1 + (i % 4);
    const items = Array.from({ length: count }, (_, k) => {
      const name = names[(i * 7 + k * 13) % names.length];
      const quantity = 1 + ((i + k) % 5);
      const typed = misspell(name, i + k);
      return k % 2 ? `${WORDS[quantity]} ${typed}` : `${quantity} ${typed}`;
    });
    out.push(
      `Bonjour, je veux ${items.join(', ')}. Livraison à Ouakam svp, c’est Awa 77 ${100 + i} 45 67. Merci !`,
    );
  }
  return out;
}

async function measure(kind) {
  const port = await freePort();
  const base = await prepareScaleBase({
    kind,
    args,
    pgUrl: PG_URL,
    prefix: 'channels',
    port,
    seedArgs: ['--products', String(PRODUCTS), '--variants-per-product', String(VARIANTS)],
  });
  const ref = await withDatabase(kind, base.dataDir, base.env.DATABASE_URL, async (query) => {
    const [demo] = await query(
      `select u.id as user_id, s.id as shop_id from users u join agents a on a.user_id = u.id
       join shops s on s.id = a.shop_id where u.phone = $1 and s.slug = 'boutique-awa'`,
      [ADMIN_PHONE],
    );
    const [secret] = await query(`select feed_secret from channel_settings where shop_id = $1`, [
      demo.shop_id,
    ]);
    const [counts] = await query(
      `select (select count(*)::int from products where shop_id = $1 and status = 'active') as products,
              (select count(*)::int from product_variants v join products p on p.id = v.product_id
                where p.shop_id = $1 and p.status = 'active') as variants`,
      [demo.shop_id],
    );
    const names = (
      await query(
        `select name from products where shop_id = $1 and status = 'active' order by id desc limit 400`,
        [demo.shop_id],
      )
    ).map((r) => r.name);
    return {
      ...demo,
      secret: secret.feed_secret,
      counts,
      names,
      sessionId: await openSession(query, demo.user_id),
    };
  });
  const server = startServer(base.env, port, args.server);
  await waitReady(server, port);
  const token = await accessToken(base.dataDir, ref.user_id, ref.sessionId);
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  console.log(
    `\n${kind} : ${ref.counts.products.toLocaleString('fr-FR')} produits actifs, ` +
      `${ref.counts.variants.toLocaleString('fr-FR')} variantes`,
  );

  // Paste-to-order.
  const texts = messages(ref.names);
  const paste = (text) =>
    request(port, {
      method: 'POST',
      path: '/api/channel/pasteOrder',
      headers,
      body: JSON.stringify({ shopId: ref.shop_id, text }),
    });
  const ready = await request(port, {
    method: 'POST',
    path: '/api/channel/pasteReady',
    headers,
    body: JSON.stringify({ shopId: ref.shop_id }),
  });
  if (ready.status !== 200) throw new Error(`pasteReady : HTTP ${ready.status}`);
  const first = await paste(texts[0]);
  if (first.status !== 200)
    throw new Error(`pasteOrder : HTTP ${first.status} ${JSON.stringify(first.json)}`);
  const took = [];
  const whole = [];
  let found = 0;
  let asked = 0;
  for (let i = 0; i < PASTES; i++) {
    const answer = await paste(texts[i % texts.length]);
    took.push(answer.json.tookMs);
    whole.push(answer.ms);
    asked += 1 + ((i % texts.length) % 4);
    found += answer.json.lines.filter((l) => l.best).length;
  }
  took.sort((a, b) => a - b);
  whole.sort((a, b) => a - b);
  console.log(`exemple : « ${texts[3]} »`);

  // The feeds, written from the database, then read from the kept file.
  const feeds = [];
  for (const [name, file, agent] of [
    ['Meta CSV', 'meta.csv', 'facebookexternalhit/1.1'],
    ['Google RSS', 'google.xml', 'Google-Merchant-Center'],
  ]) {
    const platform = file.startsWith('meta') ? 'meta' : 'google';
    fs.rmSync(path.join(base.dataDir, 'feeds', `${ref.shop_id}-${platform}.json`), { force: true });
    const before = memoryMb(server.pid);
    const peakReset = resetPeak(server.pid);
    let sampled = before.rss;
    const sampler = setInterval(() => (sampled = Math.max(sampled, memoryMb(server.pid).rss)), 20);
    const made = await request(port, {
      path: `/api/channel/feed/${ref.secret}/${file}`,
      headers: { 'User-Agent': agent },
    });
    clearInterval(sampler);
    const after = memoryMb(server.pid);
    const peak = peakReset ? after.peak : Math.max(sampled, after.rss);
    const kept = await request(port, { path: `/api/channel/feed/${ref.secret}/${file}` });
    feeds.push({
      name,
      ok:
        made.status === 200 &&
        made.headers['x-feed-cache'] === 'miss' &&
        kept.headers['x-feed-cache'] === 'hit',
      seconds: made.ms / 1000,
      mb: made.bytes / 1e6,
      lines: made.lines,
      growth: peak - before.rss,
      keptMs: kept.ms,
    });
  }
  await stopServer(server);
  await base.release();
  return {
    kind,
    build: ready.ms,
    first: first.ms,
    p50: percentile(took, 50),
    p95: percentile(took, 95),
    wholeP95: percentile(whole, 95),
    found,
    asked,
    feeds,
  };
}

process.on('exit', killChildren);
const kinds = args.only ? [args.only] : ['postgres', 'pglite'];
const rows = [['base', 'mesure', 'résultat', 'cible', 'verdict']];
const verdicts = [];
for (const kind of kinds) {
  const r = await measure(kind);
  const add = (label, result, target, ok) => {
    rows.push([kind, label, result, target, ok === null ? '(info)' : ok ? 'PASS' : 'FAIL']);
    if (ok !== null) verdicts.push({ name: kind, label, ok });
  };
  add('coller : index construit (ouverture de l’onglet)', `${ms(r.build)} ms`, '', null);
  add('coller : 1er collage ensuite', `${ms(r.first)} ms`, '', null);
  add('coller : rapprochement p50', `${ms(r.p50)} ms`, '', null);
  add(
    'coller : rapprochement p95',
    `${ms(r.p95)} ms`,
    `≤ ${TARGET_MATCH_P95_MS} ms`,
    r.p95 <= TARGET_MATCH_P95_MS,
  );
  add('coller : requête entière p95', `${ms(r.wholeP95)} ms`, '', null);
  add('coller : articles trouvés', `${r.found}/${r.asked}`, '', null);
  for (const f of r.feeds) {
    add(
      `${f.name} : écrit`,
      `${f.seconds.toFixed(2)} s, ${f.mb.toFixed(1)} Mo, ${f.lines.toLocaleString('fr-FR')} lignes`,
      `≤ ${TARGET_FEED_S} s`,
      f.ok && f.seconds <= TARGET_FEED_S,
    );
    add(
      `${f.name} : mémoire en plus`,
      `${f.growth.toFixed(1)} Mo`,
      `≤ ${TARGET_FEED_GROWTH_MB} Mo`,
      f.growth <= TARGET_FEED_GROWTH_MB,
    );
    add(`${f.name} : relu du fichier`, `${ms(f.keptMs)} ms`, '', null);
  }
}
const failed = printTable('Canaux de vente à 20 000 produits', rows, verdicts);
process.exit(failed ? 1 : 0);
