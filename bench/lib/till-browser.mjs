// The till in Chromium (bench:pos --browser): what its first load transfers, then how fast a scan
// and a search put a line in the cart, on a tablet (1024×768) with the CPU of a mid-tier device.
// The cashier signs in as a person does (/login, the code read from the file SMS driver's output).
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { percentile } from './harness.mjs';

/** As playwright.config.ts launches it. */
const LAUNCH = JSON.parse(
  fs.readFileSync(new URL('../../e2e/support/chromium-launch.json', import.meta.url), 'utf8'),
);
const TABLET = { viewport: { width: 1024, height: 768 }, locale: 'fr-FR', timezoneId: 'Africa/Dakar' };
/**
 * The tablet's CPU: a mid-tier device as Chromium's DevTools calibrates one (« calibrated
 * mid-tier mobile »: Lighthouse's BenchmarkIndex of 1000, a Pixel 5 or a mid-range Android
 * tablet). This machine's index is measured in the page and its CPU slowed down to match
 * (Emulation.setCPUThrottlingRate), whatever machine runs the bench.
 */
const MID_TIER_INDEX = 1000;

/**
 * An index in the manner of Lighthouse's BenchmarkIndex: how many times a second (÷ 10) the page
 * builds a 10 000-character string, and copies a 100 000-item array; the mean of both.
 */
function benchmarkIndex(page) {
  return page.evaluate(() => {
    const rate = (runOnce) => {
      const started = performance.now();
      let runs = 0;
      while (runs % 10 !== 0 || performance.now() - started < 400) {
        runOnce(runs);
        runs++;
      }
      return runs / 10 / ((performance.now() - started) / 1000);
    };
    let sink = 0;
    const strings = rate(() => {
      let text = '';
      for (let i = 0; i < 10_000; i++) text += 'a';
      sink += text.length;
    });
    const a = Array.from({ length: 100_000 }, (_, i) => i);
    const b = [...a];
    const arrays = rate((run) => {
      const [from, to] = run % 2 ? [b, a] : [a, b];
      for (let i = 0; i < from.length; i++) to[i] = from[i];
    });
    return sink > 0 ? (strings + arrays) / 2 : 0;
  });
}

/** Slows the page's CPU down to the mid-tier device's; answers the rate and both indexes. */
export async function emulateMidTier(page, cdp) {
  // The best of three after a warm-up: a busy machine only ever lowers the index.
  await benchmarkIndex(page);
  let machine = 0;
  for (let i = 0; i < 3; i++) machine = Math.max(machine, await benchmarkIndex(page));
  // Slowing down is not exactly proportional: the rate is corrected from the index it gives, as
  // DevTools' calibration searches for it.
  let rate = Math.max(1, machine / MID_TIER_INDEX);
  let emulated = 0;
  for (let i = 0; i < 4; i++) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    emulated = await benchmarkIndex(page);
    if (Math.abs(emulated - MID_TIER_INDEX) < MID_TIER_INDEX * 0.05) break;
    rate = Math.max(1, rate * (emulated / MID_TIER_INDEX));
  }
  return { rate, machineIndex: machine, emulatedIndex: emulated };
}
const SAMPLES = 30;
/** Scans are many more: issue 20 asks for zero lost over at least 200, at the calibrated CPU. */
const SCAN_SAMPLES = 200;
const WARM_UP = 3;
/** A sale of this many lines, then « Vider »: the cart stays the size of a real one. */
const LINES_PER_CART = 10;

/**
 * What the till is measured with, from the database: the active products it must hold, variants in
 * stock to scan (a barcode, else the SKU) and names to search (products with one variant, so a tap
 * adds it).
 */
export async function tillSamples(query, shopId) {
  // What the till lists: active, and not withheld from it (Canaux de vente: the demo shop keeps
  // one product off the till).
  const onTill = `p.status = 'active' and not exists (select 1 from product_channel_hidden h
    where h.shop_id = p.shop_id and h.product_id = p.id and h.channel = 'pos')`;
  const [{ n: activeProducts }] = await query(
    `select count(*)::int as n from products p where p.shop_id = $1 and ${onTill}`,
    [shopId],
  );
  const codes = await query(
    `select coalesce(v.barcode, v.sku) as code from product_variants v join products p on p.id = v.product_id
     where v.shop_id = $1 and ${onTill} and v.stock > 10 and coalesce(v.barcode, v.sku) is not null
     order by md5(v.id) limit $2`,
    [shopId, SCAN_SAMPLES + WARM_UP],
  );
  // In stock, like the codes scanned: a sold-out card is not tapped.
  const names = await query(
    `select p.name from products p where p.shop_id = $1 and ${onTill} and p.name not like '%(lot de%'
       and (select count(*) from product_variants v where v.product_id = p.id) = 1
       and (select min(v.stock) from product_variants v where v.product_id = p.id) > 10
     group by p.name order by md5(p.name) limit $2`,
    [shopId, SAMPLES + WARM_UP],
  );
  // What a person types: the name's longer words, the last cut short (« savon noir kaola »: « savon
  // kaola » shows 60 « Savon au karité de Kaolack » first, and a cashier would type on); the card to
  // tap is one of that exact name.
  const searches = names.map(({ name }) => {
    const words = name.split(' ');
    const long = words.slice(0, -1).filter((w) => w.length > 3);
    return { name, fragment: [...long, words.at(-1).slice(0, 5)].join(' ').toLowerCase() };
  });
  return { activeProducts, scanCodes: codes.map((c) => c.code), searches };
}

/** The newest code the file SMS driver wrote for `phone` since `since` (e2e/support/auth.ts). */
async function readCode(smsFile, phone, since) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const text = fs.existsSync(smsFile) ? fs.readFileSync(smsFile, 'utf8') : '';
    const code = text
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .filter((m) => m.to === phone && Date.parse(m.sentAt) >= since - 1000)
      .at(-1)
      ?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`aucun SMS reçu pour ${phone}`);
}

/** Signs in on /login and /otp; answers the session (cookies) for the till's context. */
async function signIn(browser, baseURL, smsFile, phone) {
  const context = await browser.newContext({ ...TABLET, baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    const since = Date.now();
    await page.getByRole('textbox', { name: 'Numéro de téléphone' }).fill(phone.local);
    await page.getByRole('button', { name: 'Recevoir le code' }).click();
    await page.waitForURL(/\/otp\?/);
    await page.getByLabel('Code reçu par SMS').fill(await readCode(smsFile, phone.e164, since));
    await page.getByRole('button', { name: 'Se connecter' }).click();
    // A cashier lands on the till (an admin on Accueil): signed in once the code page is left.
    await page.waitForURL((url) => !url.pathname.startsWith('/otp') && !url.pathname.startsWith('/login'));
    await page.waitForLoadState('networkidle');
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * JavaScript the page received, from its CDP session's Network events: loadingFinished's
 * encodedDataLength is what came over the wire (compressed, headers included), responseReceived's
 * the headers alone; dataReceived's dataLength is decoded. A script: a response of type Script or
 * with a JavaScript MIME type.
 */
function watchScripts(cdp) {
  const scripts = new Map();
  cdp.on('Network.responseReceived', (r) => {
    if (r.type === 'Script' || /javascript/.test(r.response.mimeType))
      scripts.set(r.requestId, { headers: r.response.encodedDataLength, wire: 0, decoded: 0, done: false });
  });
  cdp.on('Network.dataReceived', (r) => {
    const s = scripts.get(r.requestId);
    if (s) s.decoded += r.dataLength;
  });
  cdp.on('Network.loadingFinished', (r) => {
    const s = scripts.get(r.requestId);
    if (s) Object.assign(s, { wire: r.encodedDataLength, done: true });
  });
  return () => {
    const done = [...scripts.values()].filter((s) => s.done);
    const kb = (field) => done.reduce((n, s) => n + s[field], 0) / 1000;
    return { files: done.length, wireKb: kb('wire'), headersKb: kb('headers'), decodedKb: kb('decoded') };
  };
}

/**
 * Arms the page for one sample; `sampleDone` then answers the ms from the trigger event's timeStamp
 * (when the browser took the input: keydown Enter, input, click) to the frame after the DOM shows
 * the result (a requestAnimationFrame, then a task: that frame is painted). What the DOM must show:
 * `{ total }`, the cart's total is no longer this one (a line added, or a quantity when the product
 * was in the cart); `{ words }`, new product cards came and the first one has every word typed.
 */
function arm(page, trigger, until) {
  return page.evaluate(
    ([triggerType, { total, words }]) => {
      const fold = (s) =>
        s
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase();
      let startedAt = null;
      const isDone = () => {
        if (total !== undefined)
          return document.querySelector('[data-testid="cart-total"]')?.textContent !== total;
        // A search answers 60 cards at most: no « Afficher plus » under its results.
        const isMore = [...document.querySelectorAll('button')].some((b) =>
          b.textContent?.startsWith('Afficher plus'),
        );
        const label = document.querySelector('[data-testid="product-card"]')?.getAttribute('aria-label');
        return !isMore && !!label && words.every((w) => fold(label).includes(w));
      };
      window.benchSample = new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`rien à l’écran 10 s après ${triggerType}`)), 10_000);
        const check = () => {
          if (startedAt === null || !isDone()) return;
          observer.disconnect();
          clearTimeout(timer);
          window.removeEventListener(triggerType, onEvent, true);
          window.requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - startedAt)));
        };
        // The till's scanner listens on the window too, from before: React may have drawn the line
        // by the time this listener runs (its microtasks run between listeners), hence the check.
        const onEvent = (event) => {
          if (startedAt !== null || (triggerType === 'keydown' && event.key !== 'Enter')) return;
          startedAt = event.timeStamp;
          check();
        };
        const observer = new window.MutationObserver(check);
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        window.addEventListener(triggerType, onEvent, true);
      });
    },
    [trigger, until],
  );
}

const sampleDone = (page) => page.evaluate(() => window.benchSample);
const cartTotal = (page) => page.getByTestId('cart-total').textContent();
const fold = (s) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * A scanner in keyboard mode: the code's keys, then Enter, in one burst. The key events are sent at
 * once (not each after the page took the one before, as page.keyboard does): the browser stamps
 * them on arrival, a few ms apart at most, as a scanner's would be whatever the page is doing.
 */
async function scanKeys(cdp, code) {
  const key = (k, text, keyCode) => [
    cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: k, text, windowsVirtualKeyCode: keyCode }),
    cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: k, windowsVirtualKeyCode: keyCode }),
  ];
  await Promise.all([
    ...[...code].flatMap((c) => key(c, c, c === '-' ? 189 : c.toUpperCase().charCodeAt(0))),
    ...key('Enter', '\r', 13),
  ]);
}

/** « Vider », then a click in the empty cart: the focus leaves any field, as a scan wants. */
async function clearCart(page) {
  const empty = page.getByRole('button', { name: 'Vider' });
  if (await empty.isEnabled()) await empty.click();
  await page.getByTestId('cart').getByText('Touchez un produit').click();
}

/** `missed`, added by the caller: samples whose result never showed (10 s). */
function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1),
  };
}

/** The till opened on « Caisse 1 » (its session opened if none is), once its whole catalogue is in. */
async function openTill(page, activeProducts) {
  const choose = page.getByRole('button', { name: /Caisse 1/ });
  const floatField = page.getByLabel('Fond de caisse compté');
  const search = page.getByTestId('product-search');
  // The tills come after the catalogue's first refresh: minutes with 20 000 products on a busy machine.
  // The float's form shows a moment before the session opened elsewhere (the bench's) is read:
  // it is filled only when it stays.
  const deadline = Date.now() + 600_000;
  let formSince = null;
  while (!(await search.isVisible())) {
    if (Date.now() > deadline) throw new Error('la caisse ne s’ouvre pas');
    if (await choose.isVisible()) await choose.click().catch(() => undefined);
    formSince = (await floatField.isVisible()) ? (formSince ?? Date.now()) : null;
    if (formSince && Date.now() - formSince > 2000) {
      await floatField.fill('10000');
      await page.getByRole('button', { name: 'Ouvrir la session' }).click();
    }
    await page.waitForTimeout(250);
  }
  await page.getByTestId('product-card').first().waitFor({ timeout: 60_000 });
  // « Tout » shows 60 cards and « Afficher plus (N autres) »: the index holds 60 + N products.
  await page.waitForFunction(
    (expected) => {
      const more = [...document.querySelectorAll('button')].find((b) =>
        b.textContent?.startsWith('Afficher plus'),
      );
      const shown = document.querySelectorAll('[data-testid="product-card"]').length;
      return shown + Number(more?.textContent?.replace(/\D/g, '') ?? 0) === expected;
    },
    activeProducts,
    { timeout: 600_000, polling: 1000 },
  );
  const badge = page.getByTestId('sync-badge');
  await page.waitForFunction(
    () => document.querySelector('[data-testid="sync-badge"]')?.getAttribute('data-pending') === '0',
  );
  if (!/À jour/.test(await badge.textContent()))
    throw new Error(`synchronisation : ${await badge.textContent()}`);
  // The service worker's warm-up loads the lazy parts 3 s, then the camera scanner 20 s, after the
  // till opens (offline/service-worker.ts): their parsing must not fall in a sample.
  await page.locator('html[data-pos-offline-ready="true"]').waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForTimeout(25_000);
}

/**
 * Runs the till against the server at `baseURL` (signed in as `phone`, the code read from
 * `smsFile`); `samples` from tillSamples. Answers the first load's JavaScript and the three
 * latencies in ms.
 */
export async function measureTill({ baseURL, smsFile, phone, samples, traceFile }) {
  const browser = await chromium.launch(LAUNCH);
  try {
    const storageState = await signIn(browser, baseURL, smsFile, phone);

    // First load: a new context (empty HTTP cache, no service worker), the session's cookies only.
    const context = await browser.newContext({ ...TABLET, baseURL, storageState });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = watchScripts(cdp);
    await page.goto('/point-de-vente', { waitUntil: 'load' });
    const atLoad = scripts();
    await page.waitForLoadState('networkidle');
    const firstLoad = { atLoad, idle: scripts() };
    await cdp.send('Network.disable');

    await openTill(page, samples.activeProducts);
    const cpu = await emulateMidTier(page, cdp);
    // A performance trace, as DevTools records one (its Performance panel opens it).
    if (traceFile) await browser.startTracing(page, { path: traceFile, screenshots: false });

    const scan = [];
    let missed = 0;
    for (const [i, code] of samples.scanCodes.entries()) {
      if (i % LINES_PER_CART === 0) await clearCart(page);
      await arm(page, 'keydown', { total: await cartTotal(page) });
      await scanKeys(cdp, code);
      const elapsed = await sampleDone(page).catch(() => null);
      if (elapsed === null) missed++;
      else if (i >= WARM_UP) scan.push(elapsed);
    }

    const search = [];
    const tap = [];
    let searchMissed = 0;
    let tapMissed = 0;
    const tapMissedNames = [];
    const field = page.getByTestId('product-search');
    for (const [i, { name, fragment }] of samples.searches.entries()) {
      if (i % LINES_PER_CART === 0) await clearCart(page);
      // The whole catalogue again (a search shows 60 cards at most, no « Afficher plus »).
      await field.fill('');
      await page.getByRole('button', { name: /Afficher plus/ }).waitFor();
      await arm(page, 'input', { words: fold(fragment).split(' ') });
      await field.fill(fragment);
      const found = await sampleDone(page).catch(() => null);
      const card = page
        .getByTestId('product-card')
        .filter({ hasNotText: 'Rupture' })
        .filter({ has: page.getByText(name, { exact: true }) })
        .first();
      // The card may be below the first screenful, drawn a frame after the results showed.
      const isShown =
        found !== null &&
        (await card.waitFor({ timeout: 2000 }).then(
          () => true,
          () => false,
        ));
      let added = null;
      if (isShown) {
        await arm(page, 'click', { total: await cartTotal(page) });
        await card.click();
        added = await sampleDone(page).catch(() => null);
      }
      if (i < WARM_UP) continue;
      if (found === null) searchMissed++;
      else search.push(found);
      if (added === null) {
        tapMissed++;
        tapMissedNames.push(isShown ? name : `${name} (pas parmi les cartes de « ${fragment} »)`);
      } else tap.push(added);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    if (traceFile) await browser.stopTracing();
    await context.close();
    return {
      cpu,
      firstLoad,
      scan: { ...stats(scan), missed, count: samples.scanCodes.length },
      search: { ...stats(search), missed: searchMissed },
      tap: { ...stats(tap), missed: tapMissed, missedNames: tapMissedNames },
    };
  } finally {
    await browser.close();
  }
}
