import { publicEnv } from '@/client/public-env';

/** Files the page loaded itself, before the worker controlled it: the worker caches them too. */
function loadedAssets(): string[] {
  const urls = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    if (entry.name.includes('/_next/static/')) urls.add(entry.name);
  }
  document.querySelectorAll<HTMLScriptElement>('script[src]').forEach((s) => urls.add(s.src));
  document.querySelectorAll<HTMLLinkElement>('link[href]').forEach((l) => {
    if (l.href.includes('/_next/static/')) urls.add(l.href);
  });
  return [...urls];
}

async function sendAssets(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage({ type: 'precache', urls: loadedAssets() });
}

const SOON_MS = 3_000;
const LATER_MS = 20_000;

function after(ms: number): Promise<void> {
  return new Promise((resolve) =>
    setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2_000 });
      else resolve();
    }, ms),
  );
}

/** Resolves when the main thread is idle (or after 2 s): between two parts of the warm-up. */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2_000 });
    else setTimeout(resolve, 0);
  });
}

/**
 * Loads the parts one at a time, each when the main thread is idle: all at once, their scripts ran
 * in one burst of several hundred ms on a tablet, which a scan or a tap landing then waited for.
 */
async function warm(loaders: Array<() => Promise<unknown>>): Promise<void> {
  for (const load of loaders) {
    await idle();
    await load().catch(() => undefined);
  }
  await sendAssets();
}

/**
 * Makes the till load without network (public/pos-sw.js). The lazy parts of the till (dialogs,
 * screens, then the camera scanner) are fetched once online a little after the page, so the first
 * load stays small and they are cached for offline days.
 */
export function registerTillServiceWorker(
  soon: Array<() => Promise<unknown>>,
  later: Array<() => Promise<unknown>>,
): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (!publicEnv.isProduction) return;
  void (async () => {
    try {
      await navigator.serviceWorker.register('/pos-sw.js', { scope: '/point-de-vente' });
      await sendAssets();
      await after(SOON_MS);
      await warm(soon);
      // What the e2e suite (and a curious person) can check before pulling the cable.
      document.documentElement.dataset.posOfflineReady = 'true';
      await after(LATER_MS);
      await warm(later);
    } catch {
      // No worker (private browsing, old browser): the till still works online.
    }
  })();
}
