// npm run bench:discounts — the discount engine (issue « Réductions ») alone, in Node: a 20-line
// cart priced against 1 000 active automatic discounts plus 5 typed codes, the discounts compiled
// once as the server and the till keep them. Discounts and carts are drawn from a seeded generator
// (the same figures on every run): products, variants and categories of a 5 000-product catalogue,
// percentages and amounts, buy X get Y, order discounts with minimums, free delivery, happy hours,
// channels, and every combination of `combinesWith` flags (the engine's worst case for choosing).
// Prints compile time, p50/p95/max per call and PASS/FAIL against p95 ≤ 5 ms, and the engine's
// size minified and compressed (the till loads it). Then the same discounts and carts in Chromium
// (/usr/bin/chromium, headless), its CPU slowed down to the till's calibrated mid-tier device as
// bench:pos does it: PASS/FAIL against p95 ≤ 20 ms.
//
// Options: --calls <n> (5000), --discounts <n> (1000), --lines <n> (20), --seed <n> (17),
// --browser-calls <n> (1000), --no-browser.
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a, i, all) => (a.startsWith('--') ? [a.slice(2), all[i + 1]] : null))
    .filter(Boolean),
);
const CALLS = Number(args.calls ?? 5000);
const DISCOUNTS = Number(args.discounts ?? 1000);
const LINES = Number(args.lines ?? 20);
const TARGET_P95_MS = 5;
const BROWSER_TARGET_P95_MS = 20;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { applyDiscounts, compileDiscounts } = await import(path.join(root, 'src/shared/discounts/index.ts'));

let seed = Number(args.seed ?? 17);
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const pick = (items) => items[Math.floor(random() * items.length)];
const int = (min, max) => min + Math.floor(random() * (max - min + 1));
const some = (n, make) => Array.from({ length: n }, make);

// 8 departments of 6 categories each; a product sits in a leaf and carries the department too.
const PRODUCTS = 5000;
const categoryOf = (p) => {
  const leaf = p % 48;
  return [`c${leaf}`, `d${Math.floor(leaf / 6)}`];
};
const productId = () => `p${int(0, PRODUCTS - 1)}`;
const flags = () => ({ order: random() < 0.5, product: random() < 0.5, delivery: random() < 0.5 });
const selection = () =>
  random() < 0.6
    ? random() < 0.7
      ? { productIds: some(int(1, 5), productId) }
      : { variantIds: some(int(1, 5), () => `${productId()}-v${int(0, 2)}`) }
    : { categoryIds: [random() < 0.8 ? `c${int(0, 47)}` : `d${int(0, 7)}`] };
const reduction = () =>
  random() < 0.6
    ? { type: 'percentage', percentage: pick([5, 10, 12.5, 15, 20, 30]) }
    : { type: 'amount', amount: pick([100, 250, 500, 1000]) };

function value() {
  const r = random();
  if (r < 0.75)
    return {
      target: 'products',
      products: selection(),
      reduction: reduction(),
      amountPer: random() < 0.8 ? 'unit' : 'order',
    };
  if (r < 0.85) {
    const set = { categoryIds: [`c${int(0, 47)}`] };
    return {
      target: 'buy-x-get-y',
      buy: { quantity: int(1, 3), products: set },
      get: { quantity: 1, products: random() < 0.7 ? set : selection(), percentage: pick([50, 100]) },
      repeats: random() < 0.7,
    };
  }
  if (r < 0.95) return { target: 'order', reduction: reduction() };
  return { target: 'delivery' };
}

function conditions() {
  const c = {};
  if (random() < 0.3) c.minSubtotal = pick([5000, 10_000, 25_000, 50_000]);
  if (random() < 0.1) c.minQuantity = int(2, 6);
  if (random() < 0.2) c.channels = [pick(['pos', 'manual', 'storefront', 'whatsapp']), 'pos'];
  if (random() < 0.1) c.weekdays = [int(1, 7), int(1, 7)];
  if (random() < 0.1)
    c.hours = pick([
      { from: '17:00', to: '19:00' },
      { from: '22:00', to: '02:00' },
      { from: '08:00', to: '20:00' },
    ]);
  if (random() < 0.05) c.customers = { type: 'tags', tags: ['vip'] };
  return c;
}

const discounts = some(DISCOUNTS, (_, i) => ({
  id: `auto-${String(i).padStart(4, '0')}`,
  name: `Promotion ${i}`,
  kind: 'automatic',
  state: 'active',
  startsAt: '2025-01-01T00:00:00Z',
  endsAt: random() < 0.5 ? '2030-01-01T00:00:00Z' : null,
  value: value(),
  conditions: conditions(),
  limits: random() < 0.2 ? { maxAmountPerOrder: 5000 } : null,
  combinesWith: flags(),
}));
const codes = ['BIENVENUE10', 'SOLDES', 'LIVRAISON', 'TROISPOURDEUX', 'VIP2000'];
discounts.push(
  ...codes.map((code, i) => ({
    id: `code-${i}`,
    name: code,
    kind: 'code',
    codes: [code],
    state: 'active',
    value: [
      { target: 'order', reduction: { type: 'percentage', percentage: 10 } },
      {
        target: 'products',
        products: { categoryIds: ['d1', 'd2'] },
        reduction: { type: 'percentage', percentage: 20 },
      },
      { target: 'delivery' },
      {
        target: 'buy-x-get-y',
        buy: { quantity: 2, products: { all: true } },
        get: { quantity: 1, products: { all: true }, percentage: 100 },
        repeats: true,
      },
      { target: 'order', reduction: { type: 'amount', amount: 2000 } },
    ][i],
    conditions: i === 4 ? { customers: { type: 'tags', tags: ['vip'] } } : {},
    limits: { totalUses: 1000, usesPerClient: 1 },
    combinesWith: flags(),
  })),
);

const start = Date.parse('2025-06-02T08:00:00Z');
const carts = some(200, (_, k) => ({
  lines: some(LINES, (_, i) => {
    const p = int(0, PRODUCTS - 1);
    return {
      id: `l${i}`,
      productId: `p${p}`,
      variantId: `p${p}-v${int(0, 2)}`,
      categoryIds: categoryOf(p),
      quantity: int(1, 5),
      unitPrice: int(1, 400) * 25,
    };
  }),
  client: {
    id: `client-${k}`,
    phone: `+22177${String(k).padStart(7, '0')}`,
    tags: k % 3 ? [] : ['vip'],
    isFirstOrder: k % 2 === 0,
  },
  channel: pick(['pos', 'manual', 'storefront', 'whatsapp']),
  at: start + k * 37 * 60_000,
  timeZone: 'Africa/Dakar',
  codes,
  deliveryFee: pick([0, 1000, 1500]),
  currency: 'XOF',
  stackCapPercent: pick([100, 50]),
  usage: { 'code-0': { total: 10, byPhone: {} } },
}));

const compileStart = performance.now();
const compiled = compileDiscounts(discounts);
const compileMs = performance.now() - compileStart;

let applied = 0;
for (let i = 0; i < 500; i++) applyDiscounts(compiled, carts[i % carts.length]); // warm-up (JIT)
// Wall time, and the process's CPU time: on a machine shared with other work, the wall time also
// counts the waits for a core, which the engine does not cause.
const times = [];
const cpuTimes = [];
const loadBefore = os.loadavg()[0];
for (let i = 0; i < CALLS; i++) {
  const cart = carts[i % carts.length];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = applyDiscounts(compiled, cart);
  times.push(performance.now() - t0);
  const cpu = process.cpuUsage(cpu0);
  cpuTimes.push((cpu.user + cpu.system) / 1000);
  applied += result.adjustments.length;
}
const load = Math.max(loadBefore, os.loadavg()[0]);
const cores = os.availableParallelism?.() ?? os.cpus().length;
const quantile = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const at = quantile(times);
const cpuAt = quantile(cpuTimes);
const p95 = at(0.95);
// A loaded machine (load above its cores) is judged on CPU time, and says so.
const isLoaded = load > cores;
const judged = isLoaded ? cpuAt(0.95) : p95;

const bundle = await build({
  entryPoints: [path.join(root, 'src/shared/discounts/index.ts')],
  bundle: true,
  minify: true,
  write: false,
  format: 'esm',
  platform: 'browser',
  logLevel: 'silent',
});
const code = bundle.outputFiles[0].contents;

const f = (ms) => `${ms.toFixed(3)} ms`;
console.log(
  `Moteur de réductions : ${LINES} lignes, ${DISCOUNTS} réductions automatiques + ${codes.length} codes, ${CALLS} appels`,
);
console.log(`  compilation (une fois) : ${f(compileMs)}`);
console.log(
  `  par appel (temps écoulé) : p50 ${f(at(0.5))}, p95 ${f(p95)}, max ${f(at(1))} (${(applied / CALLS).toFixed(1)} ajustements en moyenne)`,
);
console.log(`  par appel (temps CPU) : p50 ${f(cpuAt(0.5))}, p95 ${f(cpuAt(0.95))}, max ${f(cpuAt(1))}`);
console.log(
  `  charge de la machine : ${load.toFixed(1)} pour ${cores} cœurs${isLoaded ? ' (chargée : jugé sur le temps CPU)' : ''}`,
);
console.log(
  `  taille : ${(code.length / 1024).toFixed(1)} Ko minifié, ${(gzipSync(code).length / 1024).toFixed(1)} Ko compressé (gzip)`,
);
const pass = judged <= TARGET_P95_MS;
console.log(`${pass ? 'PASS' : 'FAIL'} p95 ≤ ${TARGET_P95_MS} ms${isLoaded ? ' (temps CPU)' : ''}`);
process.exitCode = pass ? 0 : 1;

if (!('no-browser' in args)) {
  const browserPass = await inChromium();
  if (!browserPass) process.exitCode = 1;
}

/**
 * The engine as the till runs it: the bundle above (as a global), the same discounts and carts, in
 * a headless Chromium page whose CPU is slowed to the calibrated mid-tier device's.
 */
async function inChromium() {
  const { chromium } = await import('@playwright/test');
  const { emulateMidTier } = await import('./lib/till-browser.mjs');
  const fs = await import('node:fs');
  const launch = JSON.parse(
    fs.readFileSync(new URL('../e2e/support/chromium-launch.json', import.meta.url), 'utf8'),
  );
  const calls = Number(args['browser-calls'] ?? 1000);
  const iife = await build({
    entryPoints: [path.join(root, 'src/shared/discounts/index.ts')],
    bundle: true,
    minify: true,
    write: false,
    format: 'iife',
    globalName: 'DiscountEngine',
    platform: 'browser',
    logLevel: 'silent',
  });
  const browser = await chromium.launch(launch);
  try {
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    await page.setContent('<!doctype html><title>bench</title>');
    await page.addScriptTag({ content: iife.outputFiles[0].text });
    const cdp = await page.context().newCDPSession(page);
    const { rate, machineIndex, emulatedIndex } = await emulateMidTier(page, cdp);
    const figures = await page.evaluate(
      ({ discounts, carts, calls }) => {
        const engine = globalThis.DiscountEngine;
        const t0 = performance.now();
        const compiled = engine.compileDiscounts(discounts);
        const compileMs = performance.now() - t0;
        for (let i = 0; i < 100; i++) engine.applyDiscounts(compiled, carts[i % carts.length]);
        const times = [];
        for (let i = 0; i < calls; i++) {
          const started = performance.now();
          engine.applyDiscounts(compiled, carts[i % carts.length]);
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
        return { compileMs, p50: q(0.5), p95: q(0.95), max: q(1) };
      },
      { discounts, carts, calls },
    );
    console.log(
      `Chromium, processeur de tablette milieu de gamme (indice ${emulatedIndex.toFixed(0)}, machine ${machineIndex.toFixed(0)}, ralenti ×${rate.toFixed(1)}) : ${calls} appels`,
    );
    console.log(`  compilation (une fois) : ${f(figures.compileMs)}`);
    console.log(`  par appel : p50 ${f(figures.p50)}, p95 ${f(figures.p95)}, max ${f(figures.max)}`);
    const ok = figures.p95 <= BROWSER_TARGET_P95_MS;
    console.log(
      `${ok ? 'PASS' : 'FAIL'} p95 ≤ ${BROWSER_TARGET_P95_MS} ms dans Chromium (tablette milieu de gamme)`,
    );
    return ok;
  } finally {
    await browser.close();
  }
}
