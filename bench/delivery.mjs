// npm run bench:delivery — Livraison's fee of an address at scale (issue « Livraison »: « the fee of
// an address is computed in ≤ 200 ms from the zone table at 500 zones »). For PGlite (temp data
// folder) then PostgreSQL (a throwaway database on BENCH_PG_URL, default
// postgres://postgres@127.0.0.1:5432): the built server started on a new base (migrations, demo
// shop with its Dakar zones), 500 more zones created through the API (POST /api/delivery/createZone,
// 8 communes each, 2 of them with a quartier priced apart), then with autocannon at 10 connections,
// 10 s after 2 s of warm-up, GET /api/delivery/quote for an address drawn at random on each
// request: a quartier priced apart, a whole commune, or an address in no zone (a third each).
// Prints p50/p95/p99 and the server's CPU per request, PASS/FAIL against p95 ≤ 200 ms; the list of
// the 506 zones (GET /api/delivery/zones, what /livraison reads) is measured too, for information.
// Then the « À livrer » board (« at 2 000 open deliveries p95 ≤ 100 ms »): 2 300 manual orders to
// addresses in those zones (POST /api/order/create, the zone's fee applied), 2 000 of them handed
// to 10 riders (POST /api/delivery/assignMany, 200 at a time), and GET /api/delivery/board loaded
// the same way, then again at one connection. The board's target at 10 connections is PostgreSQL's;
// PGlite's is held at one connection (one manager on the embedded base) and reported at 10 for
// information, as bench:orders does for creation: PGlite answers one query at a time in the
// server's own thread, so 10 readers of a board that costs it about 15 ms of CPU queue behind each
// other whatever the SQL (a bare signed-in request already costs it about 4 ms). Run `npm run build`
// first.
//
// Options: --only pglite|postgres, --zones <n> (500), --duration <s> (10), --connections <n> (10),
//          --deliveries <n> (2000).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  accessToken,
  freePort,
  killChildren,
  measureLoad,
  ms,
  openSession,
  parseArgs,
  printTable,
  RESULT_HEADER,
  startServer,
  stopServer,
  waitReady,
  withDatabase,
  withPg,
} from './lib/harness.mjs';

const args = parseArgs();
const ZONES = Number(args.zones ?? 500);
const DURATION_S = Number(args.duration ?? 10);
const CONNECTIONS = Number(args.connections ?? 10);
const PG_URL = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const TARGET_P95 = 200;
const ADMIN_PHONE = '+221770000001';
const COMMUNES_PER_ZONE = 8;
const DELIVERIES = Number(args.deliveries ?? 2000);
const TO_SEND = Math.round(DELIVERIES * 0.15);
const TARGET_BOARD_P95 = 100;
const RIDERS = 10;

let seed = 21;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;

/** Zone i: communes « Commune i-0 » … with « Quartier i-0 » and « Quartier i-1 » priced apart in i-0 and i-1. */
function zoneBody(i) {
  const areas = [];
  for (let c = 0; c < COMMUNES_PER_ZONE; c++) areas.push({ commune: `Commune ${i}-${c}`, quartier: '' });
  return { name: `Zone bench ${i}`, fee: 500 + (i % 20) * 100, freeFrom: i % 3 ? 25_000 : null, areas };
}
function quartierZoneBody(i) {
  return {
    name: `Quartiers bench ${i}`,
    fee: 3000,
    areas: [0, 1].map((q) => ({ commune: `Commune ${i}-${q}`, quartier: `Quartier ${i}-${q}` })),
  };
}

/** An address drawn at random: a quartier priced apart, a whole commune, or in no zone. */
function randomQuotePath(shopId, zones) {
  const i = Math.floor(random() * zones);
  const r = random();
  const [commune, quartier] =
    r < 1 / 3
      ? [`commune ${i}-${Math.floor(random() * 2)}`, `QUARTIER ${i}-0`]
      : r < 2 / 3
        ? [`Commune ${i}-${Math.floor(random() * COMMUNES_PER_ZONE)}`, 'Centre']
        : [`Ailleurs ${i}`, ''];
  const params = new URLSearchParams({
    shopId,
    commune,
    quartier,
    goods: String(Math.floor(random() * 40_000)),
  });
  return `/api/delivery/quote?${params}`;
}

async function post(port, headers, urlPath, body) {
  const response = await fetch(`http://127.0.0.1:${port}${urlPath}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${urlPath} : ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

async function benchDatabase(kind, port) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `comptoir-bench-delivery-${kind}-`));
  const dbName = `comptoir_bench_delivery_${process.pid}`;
  const env = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  if (kind === 'postgres') {
    await withPg(`${PG_URL}/postgres`, (c) => c.query(`create database ${dbName}`));
    env.DATABASE_URL = `${PG_URL}/${dbName}`;
  }
  let server = null;
  try {
    console.log(`\n== ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} ==`);
    server = startServer(env, port);
    await waitReady(server, port);
    await stopServer(server);
    const ref = await withDatabase(kind, dataDir, env.DATABASE_URL, async (query) => {
      const [demo] = await query(
        `select u.id as user_id, s.id as shop_id from users u join agents a on a.user_id = u.id
         join shops s on s.id = a.shop_id where u.phone = $1 and s.slug = 'boutique-awa'`,
        [ADMIN_PHONE],
      );
      // The goods the board's orders are made of, with stock for all of them.
      const variants = await query(
        `select v.id from product_variants v join products p on p.id = v.product_id
         where v.shop_id = $1 and p.status = 'active' order by v.id limit 5`,
        [demo.shop_id],
      );
      await query(`update product_variants set stock = stock + 100000 where id = any($1)`, [
        variants.map((v) => v.id),
      ]);
      return {
        ...demo,
        variants: variants.map((v) => v.id),
        sessionId: await openSession(query, demo.user_id),
      };
    });
    const headers = { authorization: `Bearer ${await accessToken(dataDir, ref.user_id, ref.sessionId)}` };
    server = startServer(env, port);
    await waitReady(server, port);

    const made = performance.now();
    for (let i = 0; i < ZONES; i++) {
      await post(port, headers, '/api/delivery/createZone', { shopId: ref.shop_id, ...zoneBody(i) });
      await post(port, headers, '/api/delivery/createZone', { shopId: ref.shop_id, ...quartierZoneBody(i) });
    }
    console.log(
      `${ZONES * 2} zones créées par l’API (${ZONES * (COMMUNES_PER_ZONE + 2)} communes et quartiers) en ${((performance.now() - made) / 1000).toFixed(1)} s`,
    );

    const quote = await measureLoad(port, server, {
      path: randomQuotePath(ref.shop_id, ZONES),
      each: () => randomQuotePath(ref.shop_id, ZONES),
      headers,
      seconds: DURATION_S,
      connections: CONNECTIONS,
    });
    const list = await measureLoad(port, server, {
      path: `/api/delivery/zones?shopId=${ref.shop_id}`,
      headers,
      seconds: DURATION_S,
      connections: CONNECTIONS,
    });

    const filled = performance.now();
    const riders = [];
    for (let r = 0; r < RIDERS; r++)
      riders.push(
        await post(port, headers, '/api/delivery/createRider', {
          shopId: ref.shop_id,
          name: `Livreur bench ${r}`,
          phone: `+22178${String(1_000_000 + r).slice(1)}1`,
          vehicle: 'moto',
          kind: 'freelance',
        }),
      );
    const orderIds = [];
    const total = DELIVERIES + TO_SEND;
    for (let i = 0; i < total; i += 4) {
      const batch = [];
      for (let k = i; k < Math.min(total, i + 4); k++)
        batch.push(
          post(port, headers, '/api/order/create', {
            shopId: ref.shop_id,
            newClient: { name: `Client bench ${k}`, phone: `+22170${String(1_000_000 + k).slice(1)}2` },
            lines: [{ variantId: ref.variants[k % ref.variants.length], quantity: 1 }],
            deliveryAddress: {
              quartier: k % 3 ? 'Centre' : `Quartier ${k % ZONES}-0`,
              commune: `Commune ${k % ZONES}-${k % 2}`,
              ville: 'Dakar',
              indications: 'Derrière la pharmacie',
            },
          }).then((o) => orderIds.push(o.id)),
        );
      await Promise.all(batch);
    }
    for (let i = 0; i < DELIVERIES; i += 200)
      await post(port, headers, '/api/delivery/assignMany', {
        shopId: ref.shop_id,
        riderId: riders[(i / 200) % RIDERS].id,
        orderIds: orderIds.slice(i, Math.min(DELIVERIES, i + 200)),
      });
    console.log(
      `${total} commandes à livrer dont ${DELIVERIES} confiées à ${RIDERS} livreurs en ${((performance.now() - filled) / 1000).toFixed(1)} s`,
    );
    const board = await measureLoad(port, server, {
      path: `/api/delivery/board?shopId=${ref.shop_id}`,
      headers,
      seconds: DURATION_S,
      connections: CONNECTIONS,
    });
    const boardAlone = await measureLoad(port, server, {
      path: `/api/delivery/board?shopId=${ref.shop_id}`,
      headers,
      seconds: DURATION_S,
      connections: 1,
    });
    return { kind, quote, list, board, boardAlone };
  } finally {
    await stopServer(server);
    if (kind === 'postgres')
      await withPg(`${PG_URL}/postgres`, (c) => c.query(`drop database if exists ${dbName} with (force)`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function row(kind, name, f, target) {
  const errors = f.errors + f.non2xx;
  return [
    kind,
    name,
    f.rps.toFixed(0),
    ms(f.p50),
    ms(f.p95),
    ms(f.p99),
    ms(f.serverCpuPerRequest),
    errors ? `${errors} erreurs` : 'ok',
    target ? `p95 ≤ ${target} ms` : '(info)',
    target ? (f.p95 <= target && !errors ? 'PASS' : 'FAIL') : '',
  ];
}

process.on('SIGINT', () => {
  killChildren();
  process.exit(130);
});
try {
  const kinds = args.only ? [args.only] : ['pglite', 'postgres'];
  const rows = [RESULT_HEADER];
  const verdicts = [];
  for (const kind of kinds) {
    const r = await benchDatabase(kind, await freePort());
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    rows.push(row(label, `frais d’une adresse, ${ZONES * 2 + 6} zones`, r.quote, TARGET_P95));
    rows.push(row(label, `liste des ${ZONES * 2 + 6} zones`, r.list, null));
    // See the header: at 10 connections the target is PostgreSQL's, at one PGlite's too.
    const boardRows = [
      [`« À livrer », ${DELIVERIES} livraisons, ${CONNECTIONS} connexions`, r.board, kind === 'postgres'],
      [`« À livrer », ${DELIVERIES} livraisons, 1 connexion`, r.boardAlone, true],
    ];
    for (const [name, figures, held] of boardRows) {
      rows.push(row(label, name, figures, held ? TARGET_BOARD_P95 : null));
      if (held)
        verdicts.push({
          name: `${label} ${name}`,
          label: `p95 ${ms(figures.p95)} ms`,
          ok: figures.p95 <= TARGET_BOARD_P95 && figures.errors + figures.non2xx === 0,
        });
    }
    verdicts.push({
      name: `${label} frais d’une adresse`,
      label: `p95 ${ms(r.quote.p95)} ms`,
      ok: r.quote.p95 <= TARGET_P95 && r.quote.errors + r.quote.non2xx === 0,
    });
  }
  const failed = printTable(
    `bench:delivery — ${CONNECTIONS} connexions, ${DURATION_S} s par mesure`,
    rows,
    verdicts,
  );
  process.exitCode = failed ? 1 : 0;
} catch (error) {
  console.error(error);
  killChildren();
  process.exitCode = 1;
}
