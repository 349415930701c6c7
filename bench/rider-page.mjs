// npm run bench:rider-page — the rider's page on a phone (issue « Livraison »: « the rider's page
// first load ≤ 50 KB JavaScript compressed and Lighthouse performance ≥ 95 on the mobile profile »,
// « usable on 2G »). The built server on a new PGlite base (demo shop: Moussa has a link and
// deliveries), then Lighthouse (its default mobile profile: a mid-range phone, simulated slow 4G,
// 4× CPU slowdown) on Moussa's page and on a customer's tracking page, with Debian's Chromium.
// Prints the performance score, FCP, LCP, TBT, CLS, the bytes transferred and the JavaScript among
// them, and the time the page's bytes take on 2G (EDGE, 240 kbit/s, 400 ms round trip), PASS/FAIL.
// The page is measured with ten deliveries on it (orders made and handed out through the API).
// Run `npm run build` first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium } from './lib/chromium.mjs';
import lighthouse from 'lighthouse';
import {
  accessToken,
  freePort,
  killChildren,
  openSession,
  printTable,
  startServer,
  stopServer,
  waitReady,
  withDatabase,
} from './lib/harness.mjs';

const TARGET_SCORE = 95;
const TARGET_JS_KB = 50;
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
/** A rider's day: this many stops, each with its client, address, landmark and amount. */
const STOPS = 10;
let server = null;
let chrome = null;
process.on('SIGINT', () => {
  killChildren();
  process.exit(130);
});
try {
  const port = await freePort();
  // A first start makes the base and the demo shop; stopped, the base gives a session and the rider.
  server = startServer(env, port);
  await waitReady(server, port);
  await stopServer(server);
  const ref = await withDatabase('pglite', dataDir, undefined, async (query) => {
    const [demo] = await query(
      `select u.id as user_id, s.id as shop_id from users u join agents a on a.user_id = u.id
       join shops s on s.id = a.shop_id where u.phone = '+221770000001' and s.slug = 'boutique-awa'`,
    );
    const [rider] = await query(
      `select id, link_token from delivery_riders where link_token is not null limit 1`,
    );
    const [variant] = await query(
      `select v.id from product_variants v join products p on p.id = v.product_id
       where v.shop_id = $1 and p.status = 'active' and v.stock >= 20 order by v.id limit 1`,
      [demo.shop_id],
    );
    return { ...demo, rider, variantId: variant.id, sessionId: await openSession(query, demo.user_id) };
  });
  server = startServer(env, port);
  await waitReady(server, port);
  const headers = {
    authorization: `Bearer ${await accessToken(dataDir, ref.user_id, ref.sessionId)}`,
    'content-type': 'application/json',
  };
  const api = async (method, urlPath, body) => {
    const response = await fetch(`http://127.0.0.1:${port}${urlPath}`, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${urlPath} : ${response.status} ${await response.text()}`);
    return response.json();
  };
  const orderIds = [];
  for (let i = 0; i < STOPS; i++) {
    const order = await api('POST', '/api/order/create', {
      shopId: ref.shop_id,
      newClient: { name: `Cliente ${i + 1} Diop`, phone: `+22177555${1000 + i}` },
      lines: [{ variantId: ref.variantId, quantity: 1 }],
      deliveryAddress: {
        quartier: 'Sacré-Cœur 3',
        commune: 'Mermoz-Sacré-Cœur',
        ville: 'Dakar',
        indications: 'Immeuble bleu après la boulangerie, 2e étage, sonner chez Diop',
      },
    });
    orderIds.push(order.id);
  }
  await api('POST', '/api/delivery/assignMany', { shopId: ref.shop_id, riderId: ref.rider.id, orderIds });
  const { trackingUrl } = await api(
    'GET',
    `/api/delivery/orderDelivery?shopId=${ref.shop_id}&orderId=${orderIds[0]}`,
  );

  chrome = await launchChromium(dataDir);
  const pages = [
    [`page du livreur (${STOPS} arrêts)`, `http://localhost:${port}/livreur/${ref.rider.link_token}`],
    ['suivi du client', `http://localhost:${port}${new URL(trackingUrl).pathname}`],
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
