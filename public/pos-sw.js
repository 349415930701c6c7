/* global self, caches */
/*
 * The till's service worker (registered by /point-de-vente with that scope): after one online
 * visit the till loads with no network. Its page is fetched from the network first (a fresh build
 * and the sign-in check win when the server answers) and from the cache otherwise; Next's static
 * files are immutable (their names carry a hash) and product images never change under a URL,
 * so both are served from the cache first. API calls are never touched: the till keeps its own
 * data in IndexedDB.
 */
const PAGE_PATH = '/point-de-vente';
const KEPT_COPY_HEADER = 'x-comptoir-kept-copy';
// v2: the page is kept as drawn without the session and boot answer (keepPage, keptCopy).
const PAGE_CACHE = 'pos-page-v2';
const ASSET_CACHE = 'pos-assets-v1';
const IMAGE_CACHE = 'pos-images-v1';
const KNOWN_CACHES = [PAGE_CACHE, ASSET_CACHE, IMAGE_CACHE];
/** On a shaky network the counter should not wait longer than this for the page. */
const NAVIGATION_TIMEOUT_MS = 4000;
const MAX_IMAGES = 3000;

self.addEventListener('install', (event) => {
  event.waitUntil(self.skipWaiting());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('pos-') && !KNOWN_CACHES.includes(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

function isPageResponse(response) {
  return (
    response &&
    response.ok &&
    response.type === 'basic' &&
    !response.redirected &&
    (response.headers.get('Content-Type') || '').includes('text/html')
  );
}

/** What Next escapes in the page's data (its script must not end early, nor break a line). */
const JSON_IN_HTML = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * The page as kept for offline days, as a page drawn at build time would be. It is asked without
 * the session and boot answer (keepPage), and any left is dropped: served again later, they would
 * pass for current (the tills as they were, a session not yet opened), and a kept copy need not
 * hold an API token. The till then boots from what it filed in IndexedDB, as it does offline.
 */
async function keptCopy(response) {
  const html = await response.text();
  const kept = html.replace(
    /(<script id="__NEXT_DATA__" type="application\/json"[^>]*>)([\s\S]*?)(<\/script>)/,
    (whole, open, json, close) => {
      try {
        const data = JSON.parse(json);
        if (data.props && data.props.pageProps) delete data.props.pageProps.tillBoot;
        // Kept under /point-de-vente, it serves every URL of the till (?vue=session, ?shopId=…):
        // marked as a page drawn at build time, Next reads the query from the URL it is served at,
        // not from the one it was drawn for.
        delete data.gssp;
        data.nextExport = true;
        data.autoExport = true;
        data.query = {};
        return open + JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => JSON_IN_HTML[c]) + close;
      } catch {
        return whole;
      }
    },
  );
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  headers.delete('Content-Encoding');
  return new Response(kept, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Keeps the page for offline days, asked as drawn without the session and boot answer
 * (KEPT_COPY_HEADER, src/features/pos/till-device.ts): its HTML then shows what the page shows
 * before it has read the tablet's own copy, whatever the till showed when it was asked.
 */
async function keepPage() {
  const response = await fetch(PAGE_PATH, {
    credentials: 'same-origin',
    headers: { [KEPT_COPY_HEADER]: '1' },
  });
  if (!isPageResponse(response)) return;
  const cache = await caches.open(PAGE_CACHE);
  await cache.put(PAGE_PATH, await keptCopy(response));
}

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

async function offlinePage() {
  return new Response(
    '<!doctype html><html lang="fr"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<title>Point de vente</title><body style="font-family:sans-serif;padding:2rem">' +
      '<h1>Caisse indisponible hors connexion</h1>' +
      '<p>Ouvrez le point de vente une fois avec le réseau pour qu’il fonctionne ensuite sans connexion.</p></body></html>',
    { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } },
  );
}

async function handleNavigation(event) {
  const network = fetch(event.request);
  try {
    const response = await withTimeout(network, NAVIGATION_TIMEOUT_MS);
    if (isPageResponse(response)) event.waitUntil(keepPage().catch(() => {}));
    return response;
  } catch {
    const cached = await caches.match(PAGE_PATH, { cacheName: PAGE_CACHE });
    if (cached) {
      // The slow answer still refreshes the cache for next time.
      event.waitUntil(network.then((r) => (isPageResponse(r) ? keepPage() : null)).catch(() => {}));
      return cached;
    }
    try {
      return await network;
    } catch {
      return offlinePage();
    }
  }
}

async function trimImages(cache) {
  const keys = await cache.keys();
  for (const request of keys.slice(0, Math.max(0, keys.length - MAX_IMAGES))) await cache.delete(request);
}

async function cacheFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok || response.type === 'opaque') {
    await cache.put(request, response.clone());
    if (cacheName === IMAGE_CACHE) trimImages(cache);
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const isSameOrigin = url.origin === self.location.origin;
  if (isSameOrigin && url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    if (isSameOrigin && url.pathname.startsWith(PAGE_PATH)) event.respondWith(handleNavigation(event));
    return;
  }
  if (isSameOrigin && url.pathname.startsWith('/_next/static/')) {
    event.respondWith(cacheFirst(request, ASSET_CACHE));
    return;
  }
  if (request.destination === 'image' || (isSameOrigin && url.pathname.startsWith('/uploads/'))) {
    event.respondWith(cacheFirst(request, IMAGE_CACHE).catch(() => new Response('', { status: 504 })));
  }
});

/** The page lists what it loaded before this worker controlled it, and the page itself. */
self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type !== 'precache' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    (async () => {
      const assets = await caches.open(ASSET_CACHE);
      for (const href of data.urls) {
        const url = new URL(href, self.location.origin);
        if (url.origin !== self.location.origin || !url.pathname.startsWith('/_next/static/')) continue;
        if (await assets.match(url.pathname)) continue;
        try {
          const response = await fetch(url.pathname);
          if (response.ok) await assets.put(url.pathname, response);
        } catch {
          // Offline already: the next online visit fills it.
        }
      }
      try {
        await keepPage();
      } catch {
        // Same.
      }
    })(),
  );
});
