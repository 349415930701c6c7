// npm run bench:rider-page — the rider's page on a phone (issue « Livraison »: « the rider's page
// first load ≤ 50 KB JavaScript compressed and Lighthouse performance ≥ 95 on the mobile profile »,
// « usable on 2G »). The built server on a new PGlite base (demo shop: Moussa has a link and
// deliveries), then Lighthouse (its default mobile profile: a mid-range phone, simulated slow 4G,
// 4× CPU slowdown) on Moussa's page and on a customer's tracking page, with Debian's Chromium.
// Prints the performance score, FCP, LCP, TBT, CLS, the bytes transferred and the JavaScript among
// them, and the time the page's bytes take on 2G (EDGE, 240 kbit/s, 400 ms round trip), PASS/FAIL.
// Run `npm run build` first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  freePort,
  killChildren,
  printTable,
  startServer,
  stopServer,
  waitReady,
  withDatabase,
} from './lib/harness.mjs';

const TARGET_SCORE = 95;
const TARGET_JS_KB = 50;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** 2G (EDGE) as WebPageTest models it: 240 kbit/s down, 400 ms round trip. */
const EDGE = { bytesPerSecond: 240_000 / 8, rttMs: 400 };

async function audit(url, chrome) {
  const { lhr } = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    formFactor: 'mobile',
  });
  const requests = lhr.audits['network-requests'].details.items;
  const bytes = requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const js = requests
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const value = (id) => lhr.audits[id].numericValue;
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    requests: requests.length,
    bytes,
    js,
    // DNS + TCP + the request, then the bytes at EDGE's rate.
    edgeMs: 3 * EDGE.rttMs + (bytes / EDGE.bytesPerSecond) * 1000,
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-rider-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  SMS_DRIVER: 'file',
  SMS_FILE_PATH: path.join(dataDir, 'sms.jsonl'),
};
delete env.DATABASE_URL;
let server = null;
let chrome = null;
process.on('SIGINT', () => {
  killChildren();
  process.exit(130);
});
try {
  const port = await freePort();
  // A first start makes the base and the demo shop; stopped, the base gives the tokens; started again.
  server = startServer(env, port);
  await waitReady(server, port);
  await stopServer(server);
  const { riderToken, trackingToken } = await withDatabase('pglite', dataDir, undefined, async (query) => {
    const [rider] = await query(
      `select link_token from delivery_riders where link_token is not null limit 1`,
    );
    const [tracking] = await query(`select token from delivery_trackings limit 1`);
    return { riderToken: rider?.link_token, trackingToken: tracking?.token };
  });
  server = startServer(env, port);
  await waitReady(server, port);
  if (!riderToken || !trackingToken)
    throw new Error('La boutique de démonstration n’a ni lien de livreur ni suivi.');

  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const pages = [
    ['page du livreur', `http://localhost:${port}/livreur/${riderToken}`],
    ['suivi du client', `http://localhost:${port}/suivi/${trackingToken}`],
  ];
  const rows = [
    ['page', 'score', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'requêtes', 'octets', 'dont JS', 'en 2G (EDGE)'],
  ];
  const verdicts = [];
  for (const [name, url] of pages) {
    const r = await audit(url, chrome);
    rows.push([
      name,
      String(r.score),
      r.fcp.toFixed(0),
      r.lcp.toFixed(0),
      r.tbt.toFixed(0),
      r.cls.toFixed(3),
      String(r.requests),
      `${(r.bytes / 1000).toFixed(1)} Ko`,
      `${(r.js / 1000).toFixed(1)} Ko`,
      `${(r.edgeMs / 1000).toFixed(1)} s`,
    ]);
    verdicts.push(
      {
        name: `${name} performance`,
        label: `${r.score} (cible ≥ ${TARGET_SCORE})`,
        ok: r.score >= TARGET_SCORE,
      },
      {
        name: `${name} JavaScript`,
        label: `${(r.js / 1000).toFixed(1)} Ko (cible ≤ ${TARGET_JS_KB})`,
        ok: r.js <= TARGET_JS_KB * 1000,
      },
    );
  }
  const failed = printTable('bench:rider-page — Lighthouse, profil mobile', rows, verdicts);
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
