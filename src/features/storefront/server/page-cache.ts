import { gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { ResolvedSite } from './context';

/*
 * Public pages drawn once and served from memory for a while: a product page shared on WhatsApp
 * is opened by hundreds at once. Kept at most PAGE_TTL_MS, so a price or stock change shows within
 * that (the issue's « never stale by more than a minute », on every server); a shop's own change
 * of its site's settings drops its pages at once on the server that made it.
 */

export const PAGE_TTL_MS = 30_000;

export interface CachedPage {
  status: number;
  contentType: string;
  body: Buffer;
  /** Made the first time a browser asks for gzip, then kept with the page. */
  gzipped: Buffer | null | undefined;
  etag: string;
}

/** Pages by host and path; each remembers its shop, to be dropped with it. */
const pages = new LRUCache<string, { shopId: string; page: CachedPage }>({
  max: 5_000,
  maxSize: 256 * 1024 * 1024,
  sizeCalculation: ({ page }) => page.body.length * 2 + 200,
  ttl: PAGE_TTL_MS,
});

let version = 0;

export function cachedPage(key: string): CachedPage | undefined {
  return pages.get(key)?.page;
}

export function makePage(status: number, contentType: string, text: string): CachedPage {
  const body = Buffer.from(text, 'utf8');
  return {
    status,
    contentType,
    body,
    gzipped: body.length > 1_000 ? undefined : null,
    etag: `"${(version++).toString(36)}-${body.length.toString(36)}"`,
  };
}

/** Phones on 3G: every kilobyte counts, and a cached page is compressed once, not per request. */
export function gzippedBody(page: CachedPage): Buffer | null {
  if (page.gzipped === undefined) page.gzipped = gzipSync(page.body, { level: 6 });
  return page.gzipped;
}

export function keepPage(key: string, shopId: string, page: CachedPage): void {
  pages.set(key, { shopId, page });
}

/**
 * What a page needs of its shop besides its own data (the shop, its site's settings, its
 * categories), kept as long as a page: one lookup per shop and TTL rather than four per request.
 */
export const shopSites = new LRUCache<string, ResolvedSite>({ max: 10_000, ttl: PAGE_TTL_MS });

/** Drops every page and settings of the shop kept here (its settings changed). */
export function forgetShopPages(shopId: string): void {
  pages.forEach((value, key) => {
    if (value.shopId === shopId) pages.delete(key);
  });
  shopSites.forEach((value, key) => {
    if (value.shopId === shopId) shopSites.delete(key);
  });
}

/**
 * Drops every page and shop kept here. For the API tests: their files share one process but each
 * has its own database, where the same address may name another shop.
 */
export function forgetAllPages(): void {
  pages.clear();
  shopSites.clear();
}
