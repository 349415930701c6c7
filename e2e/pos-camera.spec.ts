import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test as base, type Page } from './support/test';
import config from '../playwright.config';
import { closeSessionIfOpened, openTill } from './support/till';

/**
 * The till's camera scanner, for real: Chromium's fake camera films a generated picture of an
 * EAN-13 barcode, and whichever decoder the till uses (BarcodeDetector, else ZXing) must read it.
 */

/** The demo catalogue's Bissap 1 L carries this barcode (see e2e/pos.spec.ts). */
const BISSAP_BARCODE = '2001234567893';

// EAN-13: each digit is 7 modules; the first digit picks the L/G pattern of the left half.
const L_CODES = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const R_CODES = L_CODES.map((c) => [...c].map((b) => (b === '1' ? '0' : '1')).join(''));
const G_CODES = R_CODES.map((c) => [...c].reverse().join(''));
const PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

function checkDigit(first12: string): number {
  const sum = [...first12].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

/** A code no product has (so the till must say it does not know it). */
const UNKNOWN_BARCODE = `200999999999${checkDigit('200999999999')}`;

/** The 95 modules of an EAN-13, '1' for a bar. */
function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code) || checkDigit(code.slice(0, 12)) !== Number(code[12]))
    throw new Error(`Not a valid EAN-13: ${code}`);
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0]!]!;
  const left = digits
    .slice(1, 7)
    .map((d, i) => (parity[i] === 'L' ? L_CODES[d] : G_CODES[d]))
    .join('');
  const right = digits
    .slice(7)
    .map((d) => R_CODES[d])
    .join('');
  return `101${left}01010${right}101`;
}

const WIDTH = 640;
const HEIGHT = 480;
const MODULE_PX = 5; // 95 × 5 = 475 px wide, leaving quiet zones of 16+ modules each side
const FRAMES = 5;

/** A short YUV4MPEG2 clip (Chromium loops it) of the barcode, black on white, centred. */
function y4mOf(code: string): Buffer {
  const modules = ean13Modules(code);
  const y = Buffer.alloc(WIDTH * HEIGHT, 235);
  const x0 = Math.floor((WIDTH - modules.length * MODULE_PX) / 2);
  const barTop = Math.floor(HEIGHT * 0.2);
  const barBottom = Math.floor(HEIGHT * 0.8);
  for (let row = barTop; row < barBottom; row++)
    for (let m = 0; m < modules.length; m++)
      if (modules[m] === '1')
        y.fill(16, row * WIDTH + x0 + m * MODULE_PX, row * WIDTH + x0 + (m + 1) * MODULE_PX);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128); // U then V: no colour
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]);
}

/**
 * The camera films this file. Launch flags are per browser (per worker), so its path is fixed;
 * each test writes the clip it needs before opening the camera (Chromium opens the file then).
 */
const CAMERA_FILE = path.join(os.tmpdir(), `comptoir-e2e-camera-${os.userInfo().uid}.y4m`);

const test = base.extend<{ barcodeOnCamera: string; cameraClip: void }>({
  barcodeOnCamera: [BISSAP_BARCODE, { option: true }],
  cameraClip: [
    async ({ barcodeOnCamera }, use) => {
      await fs.writeFile(CAMERA_FILE, y4mOf(barcodeOnCamera));
      await use();
      await fs.rm(CAMERA_FILE, { force: true });
    },
    { auto: true },
  ],
});

// The config's browser, with a fake camera (and the camera permission granted to the till).
test.use({
  viewport: { width: 1024, height: 768 },
  permissions: ['camera'],
  launchOptions: {
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${CAMERA_FILE}`,
    ],
  },
});

/** Which decoder the till has: the browser's own, or ZXing (loaded on demand). */
async function noteDecoder(page: Page) {
  const hasNative = await page.evaluate(() => 'BarcodeDetector' in window);
  test.info().annotations.push({ type: 'decoder', description: hasNative ? 'BarcodeDetector' : 'ZXing' });
}

async function openCamera(page: Page) {
  await page.getByRole('button', { name: 'Scanner avec la caméra' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scanner avec la caméra' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('a known barcode', () => {
  test.use({ barcodeOnCamera: BISSAP_BARCODE });

  test('filmed by the tablet’s camera, it adds its product to the cart once', async ({ page }) => {
    test.setTimeout(120_000);
    const { hasOpenedSession } = await openTill(page, 'cashier');
    await noteDecoder(page);
    await expect(page.getByTestId('cart-line')).toHaveCount(0);

    const dialog = await openCamera(page);
    await expect(dialog).toContainText(new RegExp(`Dernier code lu\\s*:\\s*${BISSAP_BARCODE}`), {
      timeout: 15_000,
    });
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-line')).toContainText('Bissap 1 L');
    await expect(dialog.getByRole('alert')).toHaveCount(0);

    // The code stays in front of the camera: one article, not one every second and a half.
    await page.waitForTimeout(3_000);
    await dialog.getByRole('button', { name: 'Terminer' }).click();
    await expect(dialog).toBeHidden();
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText('Bissap 1 L');
    await expect(line).toContainText(/(?<!\d)1 × 1\u202f500/);
    await expect(page.getByTestId('cart-total')).toHaveText('1\u202f500\u202fFCFA');

    await closeSessionIfOpened(page, hasOpenedSession);
  });
});

test.describe('an unknown barcode', () => {
  test.use({ barcodeOnCamera: UNKNOWN_BARCODE });

  test('filmed by the tablet’s camera, it is read and reported, and adds nothing', async ({ page }) => {
    test.setTimeout(120_000);
    const { hasOpenedSession } = await openTill(page, 'cashier');
    await noteDecoder(page);

    const dialog = await openCamera(page);
    await expect(dialog).toContainText(new RegExp(`Dernier code lu\\s*:\\s*${UNKNOWN_BARCODE}`), {
      timeout: 15_000,
    });
    await expect(
      page.getByText(new RegExp(`Aucun article avec le code «\\s*${UNKNOWN_BARCODE}\\s*»`)).first(),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Terminer' }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(0);

    await closeSessionIfOpened(page, hasOpenedSession);
  });
});
