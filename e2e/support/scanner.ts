import type { CDPSession, Page } from '@playwright/test';

const sessions = new WeakMap<Page, CDPSession>();

async function cdpOf(page: Page): Promise<CDPSession> {
  let cdp = sessions.get(page);
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    sessions.set(page, cdp);
  }
  return cdp;
}

/**
 * A barcode scanner in keyboard mode: the code's keys, then Enter. Each key carries the time the
 * scanner sent it (CDP's `timestamp`, which the page reads as `event.timeStamp`) and goes to the
 * browser without waiting for the page to take the one before. page.keyboard waits, which no
 * scanner does: on a loaded machine a page busy for half a second then spread one scan's keys
 * over that time, stamped so, and the till rightly took them for a person typing. `gapAfter(k)`
 * is the pause after the k-th key (5 ms by default, a scanner's pace).
 */
export async function scanCode(
  page: Page,
  code: string,
  gapAfter: (k: number) => number = () => 5,
): Promise<void> {
  const cdp = await cdpOf(page);
  const keys: Array<[string, string, number]> = [
    ...[...code].map((c): [string, string, number] => [c, c, c.toUpperCase().charCodeAt(0)]),
    ['Enter', '\r', 13],
  ];
  const sent: Array<Promise<unknown>> = [];
  let at = Date.now();
  for (const [k, [key, text, keyCode]] of keys.entries()) {
    const event = { key, windowsVirtualKeyCode: keyCode, timestamp: at / 1000 };
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', text, ...event }));
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...event }));
    at += gapAfter(k);
    // This process may itself fall behind on a loaded machine: the keys keep the scanner's times.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
  }
  await Promise.all(sent);
}
