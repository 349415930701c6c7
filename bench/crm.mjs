// npm run bench:crm — the CRM at scale (issue « CRM »), on PostgreSQL (a throwaway database on
// BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432):
//   1. the built server started on a new database (migrations, demo shop), then 50 000 clients
//      written into the demo shop in one statement, with the figures the order module keeps
//      (orders, spent, first and last order, channel, commune, tags, birthday, consent, ardoise);
//   2. a segment's live count (POST /api/crm/countSegment): the five French presets and a rule
//      set « au moins une règle » over tags, commune and ardoise, each with autocannon at 4
//      connections for 10 s after 2 s of warm-up: p95 ≤ 200 ms;
//   3. a campaign of 10 000 messages (the segment « 15 commandes ou plus », SMS consent) started in
//      this process with the module's own startCampaign: queued (campaign, messages, quota rows and
//      jobs, one transaction) in ≤ 2 s. The bench lifts the trial plan's SMS quota in this process
//      only: no plan sells 10 000 SMS a month. The server's worker then sends them (file driver,
//      SMS_RATE_PER_SECOND 200) while the order list (GET /api/order/list) is measured, as it was
//      before the campaign: its p95 while sending stays within twice its p95 before, and ≤ 100 ms.
// Run `npm run build` first. Runs under tsx, to call the module itself.
//
// Options: --clients <n> (50000), --duration <s> (10), --connections <n> (4), --rate <n> (200),
//          --keep true (keep the database and say its name).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  accessToken,
  cannon,
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
  withPg,
} from './lib/harness.mjs';

const args = parseArgs();
const CLIENTS = Number(args.clients ?? 50_000);
const DURATION_S = Number(args.duration ?? 10);
const CONNECTIONS = Number(args.connections ?? 4);
const RATE = Number(args.rate ?? 200);
const PG_URL = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const TARGET_COUNT_P95 = 200;
const TARGET_QUEUE_MS = 2000;
const ADMIN_PHONE = '+221770000001';

/** 50 000 clients of believable shape, in one statement: every figure a segment's rules read. */
const CLIENTS_SQL = `
  insert into clients (id, shop_id, name, first_name, phone, search_text, commune, tags, birthday_day,
    birthday_month, consent_sms_at, consent_sms_source, orders_count, total_spent, first_order_at,
    last_order_at, first_channel, balance, returned_count)
  select 'bench' || lpad(g::text, 9, '0'), $1, 'Client ' || g, 'Client', '+22170' || lpad(g::text, 7, '0'),
    'client ' || g, (array['Plateau', 'Médina', 'Parcelles Assainies', 'Pikine', 'Guédiawaye', 'Rufisque'])[1 + g % 6],
    case when g % 7 = 0 then array['vip'] when g % 9 = 0 then array['grossiste'] else '{}'::text[] end,
    1 + g % 28, 1 + g % 12, case when g % 5 <> 0 then now() end, case when g % 5 <> 0 then 'till' end,
    g % 20, (g % 20) * 7500, now() - ((g % 400) || ' days')::interval - interval '30 days',
    now() - ((g % 400) || ' days')::interval, (array['pos', 'whatsapp', 'storefront', 'manual'])[1 + g % 4],
    case when g % 11 = 0 then 5000 else 0 end, case when g % 13 = 0 then 1 else 0 end
  from generate_series(1, $2::int) g`;

const SEGMENTS = [
  ['Meilleurs clients', 'meilleurs'],
  ['Clients fidèles', 'fideles'],
  ['À risque', 'a-risque'],
  ['Nouveaux clients', 'nouveaux'],
  ['Anniversaires du mois', 'anniversaires'],
];

async function main() {
  const { presetSegment } = await import('../src/features/crm/crm.schemas.ts');
  const port = await freePort();
  const dbName = `comptoir_bench_crm_${process.pid}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-crm-'));
  const databaseUrl = `${PG_URL}/${dbName}`;
  await withPg(`${PG_URL}/postgres`, (c) => c.query(`create database ${dbName}`));
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SMS_DRIVER: 'file',
    SMS_FILE_PATH: path.join(dataDir, 'sms.jsonl'),
    SMS_RATE_PER_SECOND: String(RATE),
  };
  let server = null;
  let opened = null;
  let stopJobs = null;
  try {
    server = startServer(env, port);
    console.log(
      `serveur prêt (base neuve, migrations, démo) en ${((await waitReady(server, port)) / 1000).toFixed(1)} s`,
    );

    const ref = await withPg(databaseUrl, async (c) => {
      const query = (text, params) => c.query(text, params).then((r) => r.rows);
      const [demo] = await query(
        `select u.id as user_id, s.id as shop_id from users u join agents a on a.user_id = u.id
         join shops s on s.id = a.shop_id where u.phone = $1 and s.slug = 'boutique-awa'`,
        [ADMIN_PHONE],
      );
      const started = performance.now();
      await query(CLIENTS_SQL, [demo.shop_id, CLIENTS]);
      await query('analyze clients');
      const [{ n }] = await query('select count(*)::int as n from clients where shop_id = $1', [
        demo.shop_id,
      ]);
      console.log(
        `${n} clients dans la boutique de démo (${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
      return { ...demo, clients: n, sessionId: await openSession(query, demo.user_id) };
    });
    const token = await accessToken(dataDir, ref.user_id, ref.sessionId);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    // ---------- 2. the live count ----------
    const rows = [RESULT_HEADER];
    const verdicts = [];
    const definitions = [
      ...SEGMENTS.map(([name, key]) => [name, presetSegment(key)]),
      [
        'VIP, grossistes, Pikine ou ardoise',
        {
          match: 'any',
          rules: [
            { field: 'tags', op: 'any', tags: ['vip', 'grossiste'] },
            { field: 'commune', communes: ['Pikine'] },
            { field: 'balance', has: true },
          ],
        },
      ],
    ];
    for (const [name, definition] of definitions) {
      const request = {
        method: 'POST',
        path: '/api/crm/countSegment',
        headers,
        body: JSON.stringify({ shopId: ref.shop_id, definition }),
      };
      await cannon(port, { seconds: 2, connections: CONNECTIONS }, request);
      const f = await cannon(port, { seconds: DURATION_S, connections: CONNECTIONS }, request);
      if (f.firstError) throw new Error(`${name} : ${f.firstError}`);
      const answer = await fetch(`http://127.0.0.1:${port}/api/crm/countSegment`, {
        method: 'POST',
        headers,
        body: request.body,
      }).then((r) => r.json());
      const ok = f.p95 <= TARGET_COUNT_P95;
      verdicts.push({ ok, name, label: `p95 ${ms(f.p95)} ms` });
      rows.push([
        'postgres',
        `compte « ${name} »`,
        f.rps.toFixed(0),
        ms(f.p50),
        ms(f.p95),
        ms(f.p99),
        '—',
        `${answer.total} client${answer.total > 1 ? 's' : ''}, ${answer.reachableSms} par SMS`,
        `p95 ≤ ${TARGET_COUNT_P95} ms`,
        ok ? 'PASS' : 'FAIL',
      ]);
    }

    // ---------- 3. a campaign of 10 000, and the server while it sends ----------
    const listPath = `/api/order/list?shopId=${encodeURIComponent(ref.shop_id)}`;
    const before = await measureLoad(port, server, {
      path: listPath,
      headers,
      seconds: DURATION_S,
      connections: CONNECTIONS,
    });

    const { openDatabase } = await import('../src/server/db/client.ts');
    const { setDb } = await import('../src/server/db/index.ts');
    const { startJobs } = await import('../src/server/jobs/index.ts');
    const { JOBS } = await import('../src/features/jobs.ts');
    const { PLANS, TRIAL_PLAN } = await import('../src/shared/plans.ts');
    const { startCampaign } = await import('../src/features/crm/server/campaigns.ts');
    opened = await openDatabase({ url: databaseUrl });
    setDb(opened.db);
    // This process only enqueues; the server's worker sends.
    stopJobs = await startJobs(opened, JOBS, { work: false, schedules: false });
    PLANS[TRIAL_PLAN].maxSmsPerMonth = 'infinity';
    const definition = { match: 'all', rules: [{ field: 'ordersCount', op: 'gte', value: 15 }] };
    const queuedAt = performance.now();
    const started = await startCampaign(opened.db, ref.shop_id, ref.user_id, {
      name: 'Bench 10 000',
      definition,
      template: 'Bonjour {prénom}, -15 % chez {boutique} ce week-end seulement !',
    });
    const queueMs = performance.now() - queuedAt;
    const queuedOk = queueMs <= TARGET_QUEUE_MS && started.recipients >= 10_000;
    verdicts.push({
      ok: queuedOk,
      name: 'campagne',
      label: `${started.recipients} messages en ${ms(queueMs)} ms`,
    });
    rows.push([
      'postgres',
      `campagne lancée (${started.recipients} messages)`,
      '—',
      '—',
      '—',
      '—',
      '—',
      `en file en ${ms(queueMs)} ms`,
      `≤ ${TARGET_QUEUE_MS} ms`,
      queuedOk ? 'PASS' : 'FAIL',
    ]);

    const sentBefore = await sentCount(databaseUrl, started.campaignId);
    const during = await measureLoad(port, server, {
      path: listPath,
      headers,
      seconds: DURATION_S,
      connections: CONNECTIONS,
    });
    const sentAfter = await sentCount(databaseUrl, started.campaignId);
    const sendingRate = (sentAfter - sentBefore) / (DURATION_S + 2);
    const limit = Math.min(100, 2 * before.p95);
    const steady = during.p95 <= limit && sentAfter > sentBefore;
    verdicts.push({ ok: steady, name: 'liste pendant l’envoi', label: `p95 ${ms(during.p95)} ms` });
    for (const [label, f, verdict] of [
      ['liste des commandes, avant', before, null],
      [`liste des commandes, pendant l’envoi (${sendingRate.toFixed(0)} SMS/s)`, during, steady],
    ])
      rows.push([
        'postgres',
        label,
        f.rps.toFixed(0),
        ms(f.p50),
        ms(f.p95),
        ms(f.p99),
        ms(f.serverCpuPerRequest),
        f.firstError ?? '',
        verdict === null ? '' : `p95 ≤ ${ms(limit)} ms`,
        verdict === null ? '' : verdict ? 'PASS' : 'FAIL',
      ]);
    const failed = printTable(
      `CRM — ${ref.clients} clients, PostgreSQL, ${CONNECTIONS} connexions, ${DURATION_S} s par mesure`,
      rows,
      verdicts,
    );
    process.exitCode = failed ? 1 : 0;
  } finally {
    await stopJobs?.(2_000);
    await opened?.close?.();
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (args.keep === 'true') console.log(`base gardée : ${dbName}`);
    else
      await withPg(`${PG_URL}/postgres`, (c) =>
        c.query(`drop database if exists ${dbName} with (force)`),
      ).catch((e) => console.log(`base ${dbName} non supprimée : ${e.message}`));
  }
}

async function sentCount(url, campaignId) {
  return withPg(url, async (c) => {
    const { rows } = await c.query(
      `select count(*)::int as n from crm_campaign_messages where campaign_id = $1 and status = 'sent'`,
      [campaignId],
    );
    return rows[0].n;
  });
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    killChildren();
    // pg-boss and the pool may keep timers: the bench is done.
    setTimeout(() => process.exit(process.exitCode ?? 0), 500).unref();
  });
