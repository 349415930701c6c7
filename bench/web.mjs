// npm run bench:web — the back office on a phone (issue 20: « Lighthouse mobile performance ≥ 90 and
// accessibility 100 on /login, /, /mes-commandes, /mes-produits, /point-de-vente (median of 3 runs,
// Debian Chromium, signed in); LCP ≤ 2.5 s, CLS ≤ 0.05, TBT ≤ 200 ms »). The built server on a new
// PGlite base with the demo shop (or a kept PostgreSQL base: `--pg-db <name>`, e.g. the 1 000 000
// orders bench:orders keeps), then Lighthouse (its default mobile profile: a mid-range phone,
// simulated slow 4G, 4× CPU slowdown) on each page, three times: signed out for /login, as the demo
// admin (Awa) for the back office, as the demo cashier (Ibrahima) for the till, each signed in
// through the real code by SMS and next-auth's credentials callback, its cookie sent by Lighthouse.
// Prints the median run's score, accessibility, FCP, LCP, TBT, CLS and JavaScript transferred per
// page, the accessibility failures found, then PASS/FAIL per target.
// « FCP obs. » is each run's first paint as Chromium observed it, unthrottled, before Lighthouse
// simulates the phone. In headless Chromium it often lands at about 1.3 or 2.3 s although the page
// was drawn near 0.3 s and the main thread is idle in between: viz stops offering frames to a page
// that missed a few (« ThrottleUnresponsiveClient », GoogleChrome/lighthouse#17148), and here the
// first layout waits on Linux's font configuration. Lighthouse then counts every script run before
// that paint into the simulated LCP: a run whose « FCP obs. » is past a second shows it. The pages
// paint before their scripts run (src/pages/_document.tsx), so none is, whenever the paint comes.
// Run `npm run build` first.
//
// Options: --runs <n> (3), --pages <paths> (comma-separated, among the five), --pg-db <name> (a
//          PostgreSQL base on BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432, used as is),
//          --save <dir> (each run's whole Lighthouse report as JSON there, to study),
//          --details true (where the median run's main-thread time went, and its heaviest scripts),
//          --throttling devtools (the page loaded on the slowed CPU and network and its figures
//          measured, instead of Lighthouse's default, simulate: figures computed from a full-speed
//          load, which counts a script that ran before the paint as if it had held the paint back).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium } from './lib/chromium.mjs';
import { auditPage as audit, median } from './lib/lighthouse.mjs';
import {
  freePort,
  killChildren,
  parseArgs,
  printTable,
  startServer,
  stopServer,
  waitReady,
} from './lib/harness.mjs';

const TARGETS = { performance: 90, accessibility: 100, lcp: 2_500, cls: 0.05, tbt: 200 };
const ADMIN_PHONE = '+221770000001';
const CASHIER_PHONE = '+221770000004';
const PAGES = [
  { path: '/login', who: null },
  { path: '/', who: ADMIN_PHONE },
  { path: '/mes-commandes', who: ADMIN_PHONE },
  { path: '/mes-produits', who: ADMIN_PHONE },
  { path: '/point-de-vente', who: CASHIER_PHONE },
];

const args = parseArgs();
const RUNS = Number(args.runs ?? 3);
const wanted = args.pages ? args.pages.split(',') : null;
const pages = PAGES.filter((p) => !wanted || wanted.includes(p.path));

/** The newest sign-in code the file SMS driver wrote for `phone`. */
function lastCode(smsFile, phone) {
  const lines = fs
    .readFileSync(smsFile, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const body = lines.filter((m) => m.to === phone).at(-1)?.body ?? '';
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (!code) throw new Error(`aucun code reçu pour ${phone}`);
  return code;
}

/**
 * Signs `phone` in as /login and /otp do (a code by SMS, then next-auth's credentials callback with
 * its CSRF token) and answers the Cookie header of that browser.
 */
async function signIn(origin, smsFile, phone) {
  const jar = new Map();
  const call = async (urlPath, init = {}) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(`${origin}${urlPath}`, {
      ...init,
      headers: { ...init.headers, cookie },
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return response;
  };
  const sent = await call('/api/otp/sendCode', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ phone }),
  });
  if (!sent.ok) throw new Error(`sendCode ${phone} : ${sent.status} ${await sent.text()}`);
  const { csrfToken } = await (await call('/api/auth/csrf')).json();
  const answer = await call('/api/auth/callback/phone-otp', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({
      phone,
      code: lastCode(smsFile, phone),
      csrfToken,
      callbackUrl: '/',
      json: 'true',
    }).toString(),
  });
  const { url } = await answer.json();
  if (url.includes('error=')) throw new Error(`connexion refusée pour ${phone} : ${url}`);
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-web-'));
const smsFile = path.join(dataDir, 'sms.jsonl');
const env = { ...process.env, DATA_DIR: dataDir, SMS_DRIVER: 'file', SMS_FILE_PATH: smsFile };
if (args['pg-db'])
  env.DATABASE_URL = `${(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '')}/${args['pg-db']}`;
else delete env.DATABASE_URL;
let server = null;
let chrome = null;
process.on('SIGINT', () => {
  killChildren();
  process.exit(130);
});
try {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  server = startServer({ ...env, NEXTAUTH_URL: origin }, port);
  await waitReady(server, port);
  const cookies = new Map();
  for (const phone of new Set(pages.map((p) => p.who).filter(Boolean)))
    cookies.set(phone, await signIn(origin, smsFile, phone));

  const rows = [
    [
      'page',
      'perf.',
      'access.',
      'FCP ms',
      'FCP obs. ms',
      'LCP ms',
      'TBT ms',
      'CLS',
      'JS Ko',
      'élément du LCP',
    ],
  ];
  const verdicts = [];
  const notes = [];
  const benchmarkIndexes = [];
  for (const page of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      // A browser of its own per run: a cold cache, and no service worker left by an earlier page
      // (its requests would go out without the sign-in cookie Lighthouse adds to the page's).
      chrome = await launchChromium(dataDir);
      runs.push(
        await audit(`${origin}${page.path}`, chrome, cookies.get(page.who), {
          throttlingMethod: args.throttling ?? 'simulate',
        }),
      );
      await chrome.kill();
      chrome = null;
      if (args.save) {
        fs.mkdirSync(args.save, { recursive: true });
        const name = `${page.path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'accueil'}-${i + 1}.json`;
        fs.writeFileSync(path.join(args.save, name), JSON.stringify(runs.at(-1).lhr));
      }
    }
    benchmarkIndexes.push(...runs.map((x) => x.benchmarkIndex).filter((x) => x !== null));
    // The run whose score is the median, so the figures shown belong together.
    const byScore = [...runs].sort((a, b) => a.performance - b.performance);
    const r = byScore[Math.floor(byScore.length / 2)];
    if (new URL(r.finalUrl).pathname !== page.path) notes.push(`${page.path} a fini sur ${r.finalUrl}`);
    const m = {
      performance: r.performance,
      accessibility: median(runs.map((x) => x.accessibility)),
      lcp: median(runs.map((x) => x.lcp)),
      cls: median(runs.map((x) => x.cls)),
      tbt: median(runs.map((x) => x.tbt)),
    };
    rows.push([
      page.path,
      `${m.performance} (${runs.map((x) => x.performance).join('/')})`,
      String(m.accessibility),
      r.fcp.toFixed(0),
      runs.map((x) => x.observed.fcp?.toFixed(0) ?? '—').join('/'),
      m.lcp.toFixed(0),
      m.tbt.toFixed(0),
      m.cls.toFixed(3),
      (r.js / 1000).toFixed(1),
      (r.lcpElement ?? '—').replace(/\s+/g, ' ').slice(0, 60),
    ]);
    if (r.failures.length) notes.push(`${page.path} accessibilité : ${r.failures.join(', ')}`);
    if (args.details) {
      const work = r.mainThread.map((w) => `${w.label} ${w.ms.toFixed(0)}`).join(', ');
      notes.push(`${page.path} fil principal (ms, passage médian) : ${work}`);
      const tasks = r.longTasks
        .map((t) => `${t.start.toFixed(0)}+${t.ms.toFixed(0)} ${t.url.replace(origin, '').split('/').pop()}`)
        .join(', ');
      const lcpParts = r.lcpParts.map((part) => `${part.label} ${part.ms.toFixed(0)}`).join(', ');
      notes.push(`${page.path} LCP (ms, passage médian) : ${lcpParts || '—'}`);
      const o = r.observed;
      notes.push(
        `${page.path} observé sans ralentissement (ms) : FCP ${o.fcp?.toFixed(0)}, LCP ${o.lcp?.toFixed(0)}, DOMContentLoaded ${o.domContentLoaded?.toFixed(0)}`,
      );
      notes.push(`${page.path} longues tâches (début+durée ms, script) : ${tasks || 'aucune'}`);
      for (const script of r.scripts.slice(0, 6))
        notes.push(
          `  ${script.url.replace(origin, '')} : ${script.total.toFixed(0)} ms (exécution ${script.scripting.toFixed(0)}, analyse ${script.parse.toFixed(0)})`,
        );
    }
    verdicts.push(
      {
        name: `${page.path} performance`,
        label: `${m.performance} (≥ ${TARGETS.performance})`,
        ok: m.performance >= TARGETS.performance,
      },
      {
        name: `${page.path} accessibilité`,
        label: `${m.accessibility} (= ${TARGETS.accessibility})`,
        ok: m.accessibility >= TARGETS.accessibility,
      },
      {
        name: `${page.path} LCP`,
        label: `${m.lcp.toFixed(0)} ms (≤ ${TARGETS.lcp})`,
        ok: m.lcp <= TARGETS.lcp,
      },
      { name: `${page.path} CLS`, label: `${m.cls.toFixed(3)} (≤ ${TARGETS.cls})`, ok: m.cls <= TARGETS.cls },
      {
        name: `${page.path} TBT`,
        label: `${m.tbt.toFixed(0)} ms (≤ ${TARGETS.tbt})`,
        ok: m.tbt <= TARGETS.tbt,
      },
    );
  }
  const failed = printTable(
    `bench:web — Lighthouse, profil mobile${args.throttling === 'devtools' ? ' (ralentissement appliqué, devtools)' : ''}, médiane de ${RUNS} passages (${args['pg-db'] ? `PostgreSQL ${args['pg-db']}` : 'PGlite, boutique de démo'}) ; charge machine ${os.loadavg()[0].toFixed(1)} ; indice CPU de Lighthouse ${benchmarkIndexes.length ? median(benchmarkIndexes).toFixed(0) : '—'} (plus haut, plus rapide)`,
    rows,
    verdicts,
  );
  for (const note of notes) console.log(`  ${note}`);
  process.exitCode = failed ? 1 : 0;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await chrome?.kill();
  await stopServer(server);
  killChildren();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
