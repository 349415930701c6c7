import { expect, test } from './support/test';
import { signUpNewShop } from './support/auth';
import { callApi } from './support/helpers';
import { scanCode } from './support/scanner';
import { openTillSession } from './support/till';

/**
 * Fifty scans on a slow tablet: a scanner's keys come with irregular gaps (a stall in the middle of
 * each code) while the till's own work blocks its main thread at moments, so the page handles keys
 * late and in heaps. Judged by the keys' own time stamps, every scan must still reach the cart,
 * once: fifty codes, fifty lines.
 */

const SCANS = 50;
/** A valid EAN-13 (the server checks the last digit) of a shop's own range, « 200 ». */
function barcodeOf(i: number): string {
  const first12 = `200900000${String(i).padStart(3, '0')}`;
  const sum = [...first12].reduce((s, d, k) => s + Number(d) * (k % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}
const priceOf = (i: number) => 100 * (i + 1);

/** A small seeded generator: the same « irregular » delays on every run, so a failure replays. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** One stall of 80–180 ms somewhere inside each code (a Bluetooth hiccup), a few ms elsewhere. */
function hiccupGaps(code: string, next: () => number): (k: number) => number {
  const stallAt = Math.floor(next() * code.length);
  return (k) => (k === stallAt ? 80 + next() * 100 : next() * 25);
}

test('cinquante codes scannés sur une tablette lente donnent cinquante lignes', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  await signUpNewShop(page, 'Scan');
  const { body: shop } = await callApi<{ _id: string }>(page, 'GET', '/api/shop/getShop');

  const refused = await page.evaluate(
    async ({ shopId, products }) => {
      const refused: string[] = [];
      await Promise.all(
        products.map(async (product) => {
          const response = await fetch('/api/product/create', {
            method: 'POST',
            headers: {
              authorization: `Bearer ${localStorage.getItem('accessToken')}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ shopId, ...product }),
          });
          if (!response.ok) refused.push(`${product.name}: ${response.status} ${await response.text()}`);
        }),
      );
      return refused;
    },
    {
      shopId: shop._id,
      products: Array.from({ length: SCANS }, (_, i) => ({
        name: `Article ${String(i + 1).padStart(2, '0')} scanné`,
        variants: [{ optionValues: [], price: priceOf(i), stock: 100, barcode: barcodeOf(i) }],
      })),
    },
  );
  expect(refused).toEqual([]);

  await openTillSession(page);
  await expect(page.getByTestId('cart-line')).toHaveCount(0);

  // The tablet's main thread is busy for 100–250 ms every 700 ms (rendering, syncing, a slow CPU).
  await page.evaluate(() => {
    let turn = 0;
    window.setInterval(() => {
      const until = performance.now() + 100 + ((turn++ * 37) % 150);
      while (performance.now() < until) {
        // busy
      }
    }, 700);
  });

  const next = random(20_261_127);
  for (let i = 0; i < SCANS; i++) {
    await scanCode(page, barcodeOf(i), hiccupGaps(barcodeOf(i), next));
    // A cashier takes the next article: a short, uneven pause (the Enter has closed the code).
    await page.waitForTimeout(50 + next() * 150);
  }

  await expect(page.getByTestId('cart-line')).toHaveCount(SCANS, { timeout: 20_000 });
  const money = (amount: number) => amount.toLocaleString('fr-FR').replace(/\s/g, '\u202f');
  const total = Array.from({ length: SCANS }, (_, i) => priceOf(i)).reduce((a, b) => a + b, 0);
  await expect(page.getByTestId('cart-total')).toHaveText(`${money(total)}\u202fFCFA`);
  // One of each: no scan counted twice (a line reads « Article 18 scanné », then « 1 × 1 800 FCFA »).
  for (const i of [0, 17, 49])
    await expect(
      page.getByTestId('cart-line').filter({ hasText: `Article ${String(i + 1).padStart(2, '0')} scanné` }),
    ).toContainText(`scanné1 × ${money(priceOf(i))}\u202fFCFA`);
});
