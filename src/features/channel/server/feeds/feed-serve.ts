import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ServerResponse } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/server/db';
import { getEnv } from '@/server/env';
import { getLogger } from '@/server/logger';
import { channelSettings } from '@/server/db/schema/channel';
import { getShopById, type ShopRow } from '@/features/shop/server/shop.repository';
import { catalogueVersion } from '@/features/product/server/channel-catalogue';
import { shopDiscounts } from '@/features/discount/server/pricing';
import { channelSettingsOf, findShopIdByFeedSecret, type ChannelSettingsRow } from '../settings';
import { feedContext, feedItems } from './feed-source';
import { metaCsv } from './meta-csv';
import { googleRss } from './google-rss';
import type { FeedPlatform } from './feed-item';

/*
 * A shop's catalogue feed at its secret address. Written once and kept on disk: the same file is
 * sent again while the catalogue has not moved and is under five minutes old (the robots of Meta
 * and Google read it every hour or so; a shop that changes a price sees it within five minutes,
 * at once when a product, the shop's discounts or its brand changed).
 */

const MAX_AGE_MS = 5 * 60_000;
const FILES: Record<string, { platform: FeedPlatform; type: string }> = {
  'meta.csv': { platform: 'meta', type: 'text/csv; charset=utf-8' },
  'google.xml': { platform: 'google', type: 'application/xml; charset=utf-8' },
};

function feedsDir(): string {
  return path.join(getEnv().DATA_DIR, 'feeds');
}

interface Kept {
  version: string;
  builtAt: number;
}

function readKept(file: string): Kept | null {
  try {
    return JSON.parse(fs.readFileSync(`${file}.json`, 'utf8')) as Kept;
  } catch {
    return null;
  }
}

/** The platform's robot, not the seller trying the address in a browser. */
function isRobot(userAgent: string, platform: FeedPlatform): boolean {
  return platform === 'meta' ? /facebook|meta-externalagent/i.test(userAgent) : /google/i.test(userAgent);
}

function notFound(res: ServerResponse): void {
  res.statusCode = 404;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end('Ce catalogue est introuvable : vérifiez l’adresse copiée depuis Canaux de vente.');
}

/** The feed's lines written by the platform's writer, as strings, as they are read. */
async function feedStream(
  db: Database,
  shop: ShopRow,
  settings: ChannelSettingsRow,
  platform: FeedPlatform,
): Promise<AsyncIterable<string>> {
  const ctx = await feedContext(db, shop, settings.feedBrand);
  async function* items() {
    for await (const { item } of feedItems(db, ctx, platform)) yield item;
  }
  return platform === 'meta'
    ? metaCsv(items())
    : googleRss(items(), {
        title: shop.name,
        link: ctx.siteUrl,
        description: `Le catalogue de ${shop.name}`,
      });
}

export async function serveFeed(
  db: Database,
  req: { headers: Record<string, string | string[] | undefined> },
  res: ServerResponse,
  secret: string,
  fileName: string,
): Promise<void> {
  const file = FILES[fileName];
  const shopId = file && secret.length >= 16 ? await findShopIdByFeedSecret(db, secret) : null;
  if (!file || !shopId) return notFound(res);
  const shop = await getShopById(db, shopId);
  if (!shop || shop.isBlocked) return notFound(res);

  if (isRobot(String(req.headers['user-agent'] ?? ''), file.platform))
    await db
      .update(channelSettings)
      .set(file.platform === 'meta' ? { metaFeedReadAt: sql`now()` } : { googleFeedReadAt: sql`now()` })
      .where(eq(channelSettings.shopId, shopId));

  res.statusCode = 200;
  res.setHeader('Content-Type', file.type);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex');

  const kept = path.join(feedsDir(), `${shopId}-${file.platform}`);
  // What the feed is written from: the catalogue, the discounts (sale prices), the brand.
  const [catalogue, discounts, settings] = await Promise.all([
    catalogueVersion(db, shopId),
    shopDiscounts(db, shopId),
    channelSettingsOf(db, shopId),
  ]);
  const version = `${catalogue}|${discounts.revision}|${settings.updatedAt.toISOString()}`;
  const held = readKept(kept);
  if (held && held.version === version && Date.now() - held.builtAt < MAX_AGE_MS && fs.existsSync(kept)) {
    res.setHeader('X-Feed-Cache', 'hit');
    await pipeline(fs.createReadStream(kept), res);
    return;
  }
  res.setHeader('X-Feed-Cache', 'miss');
  // Written to the robot and to a file side by side, each chunk waiting for both to take it (a
  // slow reader or disk holds the database reads back instead of piling text up in memory). The
  // file replaces the kept one only whole, and the answer ends once it is kept: the next read
  // (often the same robot's) finds it.
  await fs.promises.mkdir(feedsDir(), { recursive: true });
  const partial = `${kept}.${process.pid}.${Date.now()}.part`;
  const builtAt = Date.now();
  const toFile = fs.createWriteStream(partial);
  // Whichever comes first; the other listener goes with it (a feed drains thousands of times).
  const drained = (stream: NodeJS.WritableStream) =>
    new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done);
        stream.off('close', done);
        resolve();
      };
      stream.on('drain', done);
      stream.on('close', done);
    });
  try {
    for await (const chunk of await feedStream(db, shop, settings, file.platform)) {
      if (res.destroyed) throw new Error('reader gone');
      const waits: Array<Promise<void>> = [];
      if (!toFile.write(chunk)) waits.push(drained(toFile));
      if (!res.write(chunk)) waits.push(drained(res));
      if (waits.length) await Promise.all(waits);
    }
    await new Promise<void>((resolve, reject) =>
      toFile.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    await fs.promises.rename(partial, kept);
    await fs.promises.writeFile(`${kept}.json`, JSON.stringify({ version, builtAt } satisfies Kept));
  } catch (error) {
    getLogger().warn({ err: error, shopId }, 'feed not kept');
    toFile.destroy();
    await fs.promises.rm(partial, { force: true });
    // Headers are gone: the feed is cut short so the robot does not take half of it as whole.
    if (!res.writableEnded) return void res.destroy();
  }
  res.end();
}
