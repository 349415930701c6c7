import { gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

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
  gzipped: Buffer | null;
  etag: string;
}

const pages = new LRUCache<string, CachedPage>({
  max: 5_000,
  maxSize: 256 * 1024 * 1024,
  sizeCalculation: (page) => page.body.length + (page.gzipped?.length ?? 0) + 200,
  ttl: PAGE_TTL_MS,
});

let version = 0;

export function cachedPage(key: string): CachedPage | undefined {
  return pages.get(key);
}

export function makePage(status: number, contentType: string, text: string): CachedPage {
  const body = Buffer.from(text, 'utf8');
  return {
    status,
    contentType,
    body,
    // Phones on 3G: every kilobyte counts, and a cached page is compressed once, not per request.
    gzipped: body.length > 1_000 ? gzipSync(body, { level: 9 }) : null,
    etag: `"${(version++).toString(36)}-${body.length.toString(36)}"`,
  };
}

export function keepPage(key: string, page: CachedPage): void {
  pages.set(key, page);
}

/** Drops every page of the shop kept here (its settings changed). */
export function forgetShopPages(shopId: string): void {
  for (const key of pages.keys()) if (key.startsWith(`${shopId} `)) pages.delete(key);
}
