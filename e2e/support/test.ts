import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/*
 * The app's pages paint before their scripts run (src/pages/_document.tsx): a page is on screen,
 * as drawn by the server, a frame or more before the app takes it over, and a click or a typed
 * value in between goes to the bare HTML, as on a phone while the scripts download. A person waits
 * for the page to respond; the specs wait for the app to have started (`data-started` on <html>,
 * set as React takes the page over) after each navigation they make, whichever page or context
 * made it.
 */

const NAVIGATIONS = ['goto', 'reload', 'goBack', 'goForward', 'waitForURL'] as const;
const STARTED_TIMEOUT_MS = 20_000;

/** After a page load: until the app has started, on a page of the app (one with the loader's list). */
export async function waitForApp(page: Page): Promise<void> {
  try {
    await page.waitForFunction(
      () =>
        !document.getElementById('__paint_first') || document.documentElement.hasAttribute('data-started'),
      undefined,
      { timeout: STARTED_TIMEOUT_MS },
    );
  } catch (error) {
    // The page went on to another (a redirect by script): that load is awaited where it is made.
    if (
      /context was destroyed|navigation|Target page, context or browser has been closed/i.test(String(error))
    )
      return;
    throw error;
  }
}

let patched = false;

function waitAfterNavigations(page: Page): void {
  const proto = Object.getPrototypeOf(page) as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of NAVIGATIONS) {
    const navigate = proto[name]!;
    proto[name] = async function (this: Page, ...args: unknown[]) {
      const result = await navigate.apply(this, args);
      await waitForApp(this);
      return result;
    };
  }
}

export const test = base.extend<object, { appStartedAfterNavigation: void }>({
  // Every page of the worker shares Page's prototype: wrapped once, it covers pages the specs open
  // in contexts of their own too.
  appStartedAfterNavigation: [
    async ({ browser }, use) => {
      if (!patched) {
        const page = await browser.newPage();
        waitAfterNavigations(page);
        await page.close();
        patched = true;
      }
      await use();
    },
    { scope: 'worker', auto: true },
  ],
});
