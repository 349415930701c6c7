// Debian's Chromium for the Lighthouse benches (bench:web, bench:rider-page), headless.
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * A headless Chromium for Lighthouse to drive, with a fresh profile inside `folder` (the bench's
 * temporary folder, removed at its end: chrome-launcher would leave its own in /tmp).
 */
export function launchChromium(folder) {
  return chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    userDataDir: fs.mkdtempSync(path.join(folder, 'chromium-')),
  });
}
