// npm run bench:storefront — the online shop at scale (issue « Boutique en ligne »: « with 20 000
// products: Lighthouse mobile performance ≥ 95 and accessibility ≥ 95 on home, category, product
// and checkout (3 runs each, median, Debian Chromium); LCP ≤ 1.8 s on Lighthouse's mobile profile;
// first load ≤ 150 KB of compressed JavaScript and ≤ 500 KB in all; product page p95 ≤ 30 ms
// server time at 50 connections on PostgreSQL »).
// A throwaway PostgreSQL base (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432): the built
// server migrates it and seeds the demo shop, `seed:large` adds 20 000 products (60 000 variants)
// to it, then photos (1 200 px JPEGs, as a phone takes them) are uploaded through the API for the
// newest 40 products, so the pages carry real pictures. Then:
//  - the product page under load: 50 connections for 10 s, each request another product among
//    2 000 (most miss the page cache: the server draws them), then the same page again and again
//    (the cache's case: a product shared on WhatsApp);
//  - Lighthouse (default mobile profile: mid-range phone, simulated slow 4G, 4× CPU slowdown) on
//    the four pages, three runs each, the checkout with a cart cookie of one article.
// Prints the figures, then PASS/FAIL per target. Run `npm run build` first.
//
// Options: --products <n> (20000), --runs <n> (3), --connections <n> (50), --duration <s> (10),
//          --keep-db true (the base is kept and named at the end), --pg-db <name> (a base kept
//          earlier: no seeding, no photos; the measures only), --only load (no Lighthouse).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { auditPage as audit, median } from './lib/lighthouse.mjs';
import sharp from 'sharp';
import { launchChromium } from './lib/chromium.mjs';
import {
  accessToken,
  cannon,
  freePort,
  killChildren,
  ms,
  openSession,
  parseArgs,
  printTable,
  root,
  run,
  startServer,
  stopServer,
  waitReady,
  withDatabase,
  withPg,
} from './lib/harness.mjs';

const TARGETS = { performance: 95, accessibility: 95, lcp: 1_800, jsKb: 150, totalKb: 500, p95: 30 };
const args = parseArgs();
const PRODUCTS = Number(args.products ?? 20_000);
const RUNS = Number(args.runs ?? 3);
const CONNECTIONS = Number(args.connections ?? 50);
const DURATION_S = Number(args.duration ?? 10);
const PG_URL = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const SLUG = 'boutique-awa';
const PHOTOS = 40;

/** A photo as a phone sends it: 1 200 px, colour and grain, JPEG. */
async function photo(seed) {
  const size = 300;
  const noise = randomBytes(size * size * 3);
  for (let i = 0; i < noise.length; i += 3) {
    noise[i] = (noise[i] % 60) + ((seed * 53) % 180);
    noise[i + 1] = (noise[i + 1] % 60) + ((seed * 97) % 150);
    noise[i + 2] = (noise[i + 2] % 60) + ((seed * 31) % 120);
  }
  return sharp(noise, { raw: { width: size, height: size, channels: 3 } })
    .resize(1200, 1200, { kernel: 'cubic' })
    .blur(3)
    .jpeg({ quality: 85 })
    .toBuffer();
}

const kept = args['pg-db'] ?? null;
const dbName = kept ?? `comptoir_bench_sf_${Date.now().toString(36)}`;
const dbUrl = `${PG_URL}/${dbName}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-storefront-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: dbUrl, SMS_DRIVER: 'file' };
env.SMS_FILE_PATH = path.join(dataDir, 'sms.jsonl');
let server = null;
let chrome = null;
process.on('SIGINT', () => {
  killChildren();
  process.exit(130);
});
try {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const serverEnv = { ...env, NEXTAUTH_URL: origin };
  if (!kept) {
    // The base: migrations and the demo shop, then the catalogue at scale.
    await withPg(`${PG_URL}/postgres`, (c) => c.query(`create database ${dbName}`));
    server = startServer(serverEnv, port);
    await waitReady(server, port);
    await stopServer(server);
    const seeded = await run(
      path.join(root, 'node_modules/.bin/tsx'),
      ['scripts/seed-large.ts', '--products', String(PRODUCTS), '--variants-per-product', '3'],
      env,
    );
    console.log(seeded.split('\n').slice(-3).join('\n'));
    await withPg(dbUrl, (c) => c.query('vacuum analyze'));
  }
  server = startServer(serverEnv, port);
  await waitReady(server, port);

  // Photos for the newest products, uploaded as the back office does.
  const { token, shopId, products, category, variantId } = await withDatabase(
    'postgres',
    dataDir,
    dbUrl,
    async (query) => {
      const [admin] = await query(`select id from users where phone = '+221770000001'`);
      const [shop] = await query(`select id from shops where slug = $1`, [SLUG]);
      const newest = await query(
        `select id, slug from products where shop_id = $1 and status = 'active' order by id desc`,
        [shop.id],
      );
      const [cat] = await query(
        `select category_id as id, count(*)::int as n from products where shop_id = $1 and status = 'active'
       and category_id is not null group by category_id order by n desc limit 1`,
        [shop.id],
      );
      const [variant] = await query(
        `select v.id from product_variants v join products p on p.id = v.product_id
       where p.id = $1 order by v.position limit 1`,
        [newest[0].id],
      );
      const session = await openSession(query, admin.id);
      return {
        token: await accessToken(dataDir, admin.id, session),
        shopId: shop.id,
        products: newest,
        category: cat,
        variantId: variant.id,
      };
    },
  );
  for (let i = 0; i < (kept ? 0 : PHOTOS); i++) {
    const answer = await fetch(
      `${origin}/api/product/uploadImage?shopId=${shopId}&productId=${products[i].id}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
        body: await photo(i),
      },
    );
    if (!answer.ok) throw new Error(`photo ${i} : ${answer.status} ${await answer.text()}`);
  }

  // The product page under load: every request another product (none drawn yet: the server's
  // own work), then 2 000 products in turn (a shop's traffic: most pages from the cache), then one
  // product again and again (a product shared on WhatsApp).
  const paths = products.map((p) => `/${SLUG}/p/${p.slug}`);
  const inTurn = async (list) => {
    let next = 0;
    return cannon(
      port,
      { seconds: DURATION_S, connections: CONNECTIONS },
      {
        method: 'GET',
        path: list[0],
        setupRequest: (request) => ({ ...request, path: list[next++ % list.length] }),
      },
    );
  };
  const cold = await inTurn(paths.slice(2_000));
  const spread = await inTurn(paths.slice(0, 2_000));
  const hot = await cannon(
    port,
    { seconds: DURATION_S, connections: CONNECTIONS },
    { method: 'GET', path: paths[1] },
  );
  const loadRows = [
    ['mesure', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'serveur p50', 'serveur p95', 'non-2xx', 'Ko/réponse'],
    ...[
      [`page produit, chaque fois une autre (${cold.requests} sur ${paths.length - 2_000})`, cold],
      ['page produit, 2 000 produits tour à tour', spread],
      ['page produit, la même (cache)', hot],
    ].map(([label, r]) => [
      label,
      r.rps.toFixed(0),
      ms(r.p50),
      ms(r.p95),
      ms(r.p99),
      ms(r.serverP50),
      ms(r.serverP95),
      String(r.non2xx),
      r.kbPerAnswer.toFixed(1),
    ]),
  ];
  printTable(
    `bench:storefront — charge, ${CONNECTIONS} connexions, ${DURATION_S} s, PostgreSQL, ${PRODUCTS} produits`,
    loadRows,
  );
  if (args.only === 'load') {
    process.exitCode = 0;
    throw new Error('--only load : pas de Lighthouse');
  }

  // Lighthouse on the four pages.
  const pages = [
    { name: 'accueil', path: `/${SLUG}` },
    { name: 'catégorie', path: `/${SLUG}/c/${category.id}` },
    { name: 'produit', path: paths[0] },
    { name: 'commande', path: `/${SLUG}/commande`, cookie: `panier=${variantId}.1` },
  ];
  const rows = [
    ['page', 'perf.', 'access.', 'LCP ms', 'TBT ms', 'CLS', 'JS Ko', 'total Ko', 'élément du LCP'],
  ];
  const verdicts = [];
  const notes = [];
  for (const page of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      chrome = await launchChromium(dataDir);
      runs.push(await audit(`${origin}${page.path}`, chrome, page.cookie));
      await chrome.kill();
      chrome = null;
    }
    const byScore = [...runs].sort((a, b) => a.performance - b.performance);
    const r = byScore[Math.floor(byScore.length / 2)];
    if (new URL(r.finalUrl).pathname !== page.path) notes.push(`${page.name} a fini sur ${r.finalUrl}`);
    const m = {
      performance: r.performance,
      accessibility: median(runs.map((x) => x.accessibility)),
      lcp: median(runs.map((x) => x.lcp)),
      js: median(runs.map((x) => x.js)) / 1000,
      total: median(runs.map((x) => x.total)) / 1000,
    };
    rows.push([
      page.name,
      `${m.performance} (${runs.map((x) => x.performance).join('/')})`,
      String(m.accessibility),
      m.lcp.toFixed(0),
      median(runs.map((x) => x.tbt)).toFixed(0),
      median(runs.map((x) => x.cls)).toFixed(3),
      m.js.toFixed(1),
      m.total.toFixed(1),
      (r.lcpElement ?? '—').replace(/\s+/g, ' ').slice(0, 50),
    ]);
    if (r.failures.length) notes.push(`${page.name} accessibilité : ${r.failures.join(', ')}`);
    verdicts.push(
      {
        name: `${page.name} performance`,
        label: `${m.performance} (≥ ${TARGETS.performance})`,
        ok: m.performance >= TARGETS.performance,
      },
      {
        name: `${page.name} accessibilité`,
        label: `${m.accessibility} (≥ ${TARGETS.accessibility})`,
        ok: m.accessibility >= TARGETS.accessibility,
      },
      {
        name: `${page.name} LCP`,
        label: `${m.lcp.toFixed(0)} ms (≤ ${TARGETS.lcp})`,
        ok: m.lcp <= TARGETS.lcp,
      },
      {
        name: `${page.name} JavaScript`,
        label: `${m.js.toFixed(1)} Ko (≤ ${TARGETS.jsKb})`,
        ok: m.js <= TARGETS.jsKb,
      },
      {
        name: `${page.name} poids total`,
        label: `${m.total.toFixed(1)} Ko (≤ ${TARGETS.totalKb})`,
        ok: m.total <= TARGETS.totalKb,
      },
    );
  }
  verdicts.push(
    // « Server time »: the server's own time per page (Server-Timing), as the issue names it; the
    // latencies the load generator saw (queueing at 50 connections included) are printed above.
    {
      name: 'page produit, temps serveur p95, chaque fois une autre',
      label: `${ms(cold.serverP95)} ms (≤ ${TARGETS.p95})`,
      ok: cold.serverP95 <= TARGETS.p95 && cold.non2xx === 0,
    },
    {
      name: 'page produit, temps serveur p95, 2 000 produits',
      label: `${ms(spread.serverP95)} ms (≤ ${TARGETS.p95})`,
      ok: spread.serverP95 <= TARGETS.p95 && spread.non2xx === 0,
    },
    {
      name: 'page produit, latence p95 vue du client, 2 000 produits',
      label: `${ms(spread.p95)} ms (≤ ${TARGETS.p95})`,
      ok: spread.p95 <= TARGETS.p95,
    },
  );
  const failed = printTable(
    `bench:storefront — Lighthouse, profil mobile, médiane de ${RUNS} passages ; charge machine ${os.loadavg()[0].toFixed(1)}`,
    rows,
    verdicts,
  );
  for (const note of notes) console.log(`  ${note}`);
  process.exitCode = failed ? 1 : 0;
} catch (error) {
  if (!String(error).includes('--only load')) {
    console.error(error);
    process.exitCode = 1;
  }
} finally {
  await chrome?.kill();
  await stopServer(server);
  killChildren();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (args['keep-db'] || kept) console.log(`  base gardée : ${dbName}`);
  else
    await withPg(`${PG_URL}/postgres`, (c) =>
      c.query(`drop database if exists ${dbName} with (force)`),
    ).catch(() => {});
}
