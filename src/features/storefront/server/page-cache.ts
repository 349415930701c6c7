import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { getDb } from '@/server/db';
import type { OpenedDatabase } from '@/server/db/client';
import type { StopListening } from '@/server/db/notifications';
import { getLogger } from '@/server/logger';
import type { ResolvedSite } from './context';

/*
 * Public pages drawn once and served from memory for a while: a product page shared on WhatsApp
 * is opened by hundreds at once. Kept at most PAGE_TTL_MS, so a price or stock change shows within
 * that (the issue's « never stale by more than a minute », on every server); a shop's own change
 * of its site's settings drops its pages at once, on every server (NOTIFY on STOREFRONT_CHANNEL).
 */

/** Each server drops a shop's pages when told on this channel (the payload is the shop's id). */
export const STOREFRONT_CHANNEL = 'comptoir_storefront';

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
    // From the content: every server gives the same page the same tag (a browser revalidating
    // against another server still gets its 304), and another page never gets it.
    etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
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

/**
 * Drops every page and settings of the shop (its settings changed), here and, when this server
 * watches the channel, on the others. Call it once the change is committed: another server told
 * earlier could draw the page again from what was there before.
 */
export function forgetShopPages(shopId: string): void {
  dropShop(shopId);
  if (isWatching)
    getDb()
      .execute(sql`select pg_notify(${STOREFRONT_CHANNEL}, ${shopId})`)
      .catch((error: unknown) => getLogger().warn({ err: error, shopId }, 'storefront change not announced'));
}

let isWatching = false;

/**
 * Hears the other servers' shop changes (server.ts). While the listening connection is lost, a
 * change may go unheard: pages are then kept PAGE_TTL_MS at most, as without a change.
 */
export async function watchStorefrontChanges(opened: Pick<OpenedDatabase, 'listen'>): Promise<StopListening> {
  isWatching = true;
  const stop = await opened.listen(STOREFRONT_CHANNEL, { onNotify: dropShop, onHearing: () => {} });
  return async () => {
    isWatching = false;
    await stop();
  };
}

function dropShop(shopId: string): void {
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
