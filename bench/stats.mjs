// npm run bench:stats — Statistiques at scale (issue 19). For PostgreSQL (a throwaway database on
// BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432) then PGlite (temp data folder): the
// built server started once (migrations, demo shop), stopped, `seed:large --products 2000
// --variants-per-product 3 --orders N --other-shops 100` (1 000 000 orders on PostgreSQL, 200 000 on
// PGlite), the server started again: it rolls the orders up (the time is printed), then with
// autocannon at 10 connections, 10 s per measure after 2 s of warm-up:
//   - the overview for a year, by day, compared with the year before: p95 ≤ 200 ms (PGlite ≤ 500 ms);
//   - every report for last month (a calendar month): p95 ≤ 100 ms;
//   - the product report for a year: p95 ≤ 1 s;
//   - each answer's JSON ≤ 50 KB.
// Beside each, the bare SQL time of the same aggregate (one connection, median of 20 runs).
// Run `npm run build` first. Runs under tsx, to read the reports from their contract.
//
// Options: --only pglite|postgres, --duration <s> (10), --connections <n> (10), --orders <n>
//          (1000000), --pglite-orders <n> (200000), --products <n> (2000), --other-shops <n> (100),
//          --keep true, --pg-db <name> / --pglite-dir <dir> (a base kept earlier), --server <file>,
//          --reports <names> (those month reports alone; `year` for the yearly measures).
import fs from 'node:fs';
import path from 'node:path';
import {
  accessToken,
  freePort,
  getJson,
  killChildren,
  measureLoad,
  ms,
  openSession,
  parseArgs,
  prepareScaleBase,
  printTable,
  RESULT_HEADER,
  root,
  startServer,
  stopServer,
  waitReady,
  withDatabase,
  withPg,
} from './lib/harness.mjs';
import { STATS_REPORTS } from '../src/features/stats/stats.schemas.ts';

const args = parseArgs();
const DURATION_S = Number(args.duration ?? 10);
const CONNECTIONS = Number(args.connections ?? 10);
const ORDERS = Number(args.orders ?? 1_000_000);
const PGLITE_ORDERS = Number(args['pglite-orders'] ?? 200_000);
const PRODUCTS = Number(args.products ?? 2000);
const OTHER_SHOPS = Number(args['other-shops'] ?? 100);
const PG_URL = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const ADMIN_PHONE = '+221770000001';
const MAX_JSON_KB = 50;
// Every report the API answers, from its contract; `--reports stock,categories` measures those
// alone (add `year` for the two yearly measures).
const ASKED = args.reports ? new Set(String(args.reports).split(',')) : null;
const MONTH_REPORTS = ASKED ? STATS_REPORTS.filter((name) => ASKED.has(name)) : STATS_REPORTS;
const YEARLY = !ASKED || ASKED.has('year');

const lastMonthStart = (day) => {
  const [y, m] = day.split('-').map(Number);
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
};
const addDays = (day, n) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function referenceData(query) {
  const [demo] = await query(
    `select u.id as user_id, s.id as shop_id, s.time_zone from users u join agents a on a.user_id = u.id
     join shops s on s.id = a.shop_id where u.phone = $1 and s.slug = 'boutique-awa'`,
    [ADMIN_PHONE],
  );
  if (!demo) throw new Error('boutique de démo introuvable');
  const [counts] = await query(
    `select (select count(*)::int from orders where shop_id = $1) as orders,
            (select count(*)::int from orders) as all_orders,
            (select to_char(max(created_at) at time zone $2, 'YYYY-MM-DD') from orders where shop_id = $1) as last_day`,
    [demo.shop_id, demo.time_zone],
  );
  return {
    userId: demo.user_id,
    shopId: demo.shop_id,
    sessionId: await openSession(query, demo.user_id),
    counts,
  };
}

/** The aggregates the reports run, bare: what the database alone takes. */
const BARE_SQL = {
  'vue d’ensemble, 1 an par jour': (shopId, p) => [
    `select to_char(day, 'YYYY-MM-DD'), sum(gross), sum(discounts), sum(refunds), sum(orders)
       from stats_shop_days where shop_id = $1 and day between $2::date and $3::date group by 1`,
    [shopId, p.from, p.to],
  ],
  'par produit, 1 an': (shopId, p) => [
    // As the report reads the product roll-ups: this year to the last day from its yearly rows
    // (nothing lies after that day), the year before's whole months by month and its first days.
    `select product_id, sum(quantity), sum(gross), sum(discounts), sum(refunds), sum(cost), sum(costed_net) from (
       select product_id, quantity, gross, discounts, refunds, cost, costed_net from stats_product_total_years
         where shop_id = $1 and year = date_trunc('year', $3::date)::date
       union all
       select product_id, quantity, gross, discounts, refunds, cost, costed_net from stats_product_total_months
         where shop_id = $1 and month > $2::date and month < date_trunc('year', $3::date)
       union all
       select product_id, quantity, gross, discounts, refunds, cost, costed_net from stats_product_total_days
         where shop_id = $1 and day between $2::date and (date_trunc('month', $2::date) + interval '1 month - 1 day')::date
     ) p group by product_id`,
    [shopId, p.from, p.to],
  ],
  'par canal, le mois dernier': (shopId, p) => [
    `select channel, sum(orders), sum(gross), sum(discounts), sum(refunds)
       from stats_days where shop_id = $1 and day between $2::date and $3::date group by channel`,
    [shopId, p.from, p.to],
  ],
};

async function bareTimes(kind, dataDir, url, shopId, periods) {
  return withDatabase(kind, dataDir, url, async (query) => {
    const out = {};
    for (const [label, build] of Object.entries(BARE_SQL)) {
      const [text, params] = build(shopId, label.includes('mois dernier') ? periods.month : periods.year);
      const times = [];
      for (let i = 0; i < 21; i++) {
        const started = performance.now();
        await query(text, params);
        if (i > 0) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      out[label] = times[Math.floor(times.length / 2)];
    }
    return out;
  });
}

async function benchDatabase(kind, port) {
  const result = { kind, loads: {}, bare: {} };
  let server = null;
  let base = null;
  try {
    console.log(`\n== ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} ==`);
    const orders = kind === 'pglite' ? PGLITE_ORDERS : ORDERS;
    const seedArgs = [
      '--products',
      String(PRODUCTS),
      '--variants-per-product',
      '3',
      '--orders',
      String(orders),
    ];
    seedArgs.push('--other-shops', String(OTHER_SHOPS));
    base = await prepareScaleBase({ kind, args, pgUrl: PG_URL, prefix: 'stats', seedArgs, port });
    const { env, dataDir } = base;
    const ref = await withDatabase(kind, dataDir, env.DATABASE_URL, referenceData);
    result.counts = ref.counts;
    const today = ref.counts.last_day;
    const periods = {
      year: { from: addDays(today, -364), to: today },
      // « Le mois dernier », a calendar month, as the screen's preset gives it.
      month: { from: lastMonthStart(today), to: addDays(`${today.slice(0, 7)}-01`, -1) },
    };
    console.log(
      `boutique ${ref.shopId} : ${ref.counts.orders} commandes (${ref.counts.all_orders} dans la base), dernière le ${today}`,
    );

    server = startServer(env, port, args.server);
    await waitReady(server, port);
    const headers = { Authorization: `Bearer ${await accessToken(dataDir, ref.userId, ref.sessionId)}` };
    const report = (name, period, extra = '') =>
      `/api/stats/report?shopId=${encodeURIComponent(ref.shopId)}&report=${name}&from=${period.from}&to=${period.to}${extra}`;

    // The first report rolls up what the background round has not yet: all of it on a new base.
    const rollStarted = performance.now();
    await getJson(port, report('overview', periods.month, '&compare=none'), headers);
    result.rollUpSeconds = (performance.now() - rollStarted) / 1000;
    console.log(`roll-up des commandes en attente : ${result.rollUpSeconds.toFixed(1)} s`);
    // The roll-up just wrote millions of rows the planner knows nothing of: a server with autovacuum
    // (any real one) analyzes them within a minute; this machine's runs without, so the bench does.
    if (kind === 'postgres') {
      const analyzed = await withPg(env.DATABASE_URL, async (c) => {
        const [{ autovacuum }] = (await c.query('show autovacuum')).rows;
        if (autovacuum === 'on') return null;
        const started = performance.now();
        await c.query('vacuum analyze');
        return (performance.now() - started) / 1000;
      });
      if (analyzed !== null)
        console.log(
          `vacuum analyze après le roll-up (autovacuum arrêté sur ce serveur) : ${analyzed.toFixed(1)} s`,
        );
    }

    const scenarios = [
      YEARLY && {
        label: 'vue d’ensemble, 1 an par jour',
        path: report('overview', periods.year, '&granularity=day&compare=previous'),
        target: kind === 'pglite' ? 500 : 200,
      },
      ...MONTH_REPORTS.map((name) => ({
        label: `${name}, le mois dernier`,
        path: report(name, periods.month),
        target: kind === 'pglite' ? null : 100,
      })),
      YEARLY && {
        label: 'par produit, 1 an',
        path: report('products', periods.year),
        target: kind === 'pglite' ? null : 1000,
      },
    ].filter(Boolean);
    for (const scenario of scenarios) {
      const { bytes } = await getJson(port, scenario.path, headers);
      const figures = await measureLoad(port, server, {
        path: scenario.path,
        headers,
        seconds: DURATION_S,
        connections: CONNECTIONS,
      });
      figures.kb = bytes / 1024;
      figures.target = scenario.target;
      result.loads[scenario.label] = figures;
      console.log(
        `${scenario.label} : ${figures.kb.toFixed(1)} Ko, p50 ${ms(figures.p50)} ms, p95 ${ms(figures.p95)} ms, ` +
          `${figures.rps.toFixed(0)} req/s, CPU du serveur ${figures.serverCpuPerRequest.toFixed(1)} ms/req` +
          (figures.non2xx || figures.errors ? `, ${figures.non2xx} non-2xx, ${figures.errors} erreurs` : '') +
          (figures.firstError ? ` — ${figures.firstError}` : ''),
      );
    }
    await stopServer(server);
    server = null;
    result.bare = await bareTimes(kind, dataDir, env.DATABASE_URL, ref.shopId, periods);
  } catch (error) {
    result.failure = error instanceof Error ? error.message : String(error);
    console.log(`ÉCHEC : ${result.failure}`);
    if (server?.stderrTail()) console.log(`journal du serveur :\n${server.stderrTail()}`);
  } finally {
    await stopServer(server);
    await base?.release();
  }
  return result;
}

async function main() {
  if (!fs.existsSync(path.join(root, 'dist/server.js')) || !fs.existsSync(path.join(root, '.next')))
    throw new Error('lancez d’abord `npm run build`');
  const kinds = args.only ? [args.only] : ['postgres', 'pglite'];
  const results = [];
  for (const kind of kinds) results.push(await benchDatabase(kind, await freePort()));

  const rows = [[...RESULT_HEADER.slice(0, 7), 'JSON Ko', 'SQL seul ms', 'cible', 'verdict']];
  const verdicts = [];
  for (const r of results) {
    const name = `${r.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} (${r.counts?.orders ?? '?'} cmd)`;
    if (r.failure) {
      rows.push([name, 'ÉCHEC', '', '', '', '', '', '', '', '', r.failure.slice(0, 60)]);
      verdicts.push({ ok: false, name, label: 'échec' });
      continue;
    }
    for (const [label, f] of Object.entries(r.loads)) {
      const bare = r.bare[label];
      const okTime = f.target === null || (f.p95 <= f.target && f.non2xx === 0 && f.errors === 0);
      const okSize = f.kb <= MAX_JSON_KB;
      if (f.target !== null) verdicts.push({ ok: okTime, name, label: `${label} p95` });
      verdicts.push({ ok: okSize, name, label: `${label} JSON` });
      rows.push([
        name,
        label,
        f.rps.toFixed(0),
        ms(f.p50),
        ms(f.p95),
        ms(f.p99),
        f.serverCpuPerRequest.toFixed(1),
        f.kb.toFixed(1),
        bare === undefined ? '' : ms(bare),
        f.target === null ? `≤ ${MAX_JSON_KB} Ko (info)` : `p95 ≤ ${f.target} ms, ≤ ${MAX_JSON_KB} Ko`,
        okTime && okSize ? 'PASS' : 'FAIL',
      ]);
    }
    if (r.rollUpSeconds !== undefined)
      rows.push([
        name,
        'roll-up au démarrage (info)',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        `${r.rollUpSeconds.toFixed(1)} s`,
        '',
      ]);
  }
  const failed = printTable(
    `bench:stats — ${CONNECTIONS} connexions, ${DURATION_S} s par mesure`,
    rows,
    verdicts,
  );
  process.exitCode = failed ? 1 : 0;
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(killChildren);
