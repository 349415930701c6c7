import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, PassThrough } from 'node:stream';
import type { ServerResponse } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/server/db';
import { getEnv } from '@/server/env';
import { getLogger } from '@/server/logger';
import { channelSettings } from '@/server/db/schema/channel';
import { getShopById } from '@/features/shop/server/shop.repository';
import { catalogueVersion } from '@/features/product/server/channel-catalogue';
import { channelSettingsOf, findShopIdByFeedSecret } from '../settings';
import { feedContext, feedItems } from './feed-source';
import { metaCsv } from './meta-csv';
import { googleRss } from './google-rss';
import type { FeedPlatform } from './feed-item';

/*
 * A shop's catalogue feed at its secret address. Written once and kept on disk: the same file is
 * sent again while the catalogue has not moved and is under five minutes old (the robots of Meta
 * and Google read it every hour or so; a shop that changes a price sees it within five minutes,
 * at once when the product itself changed).
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
export async function feedStream(
  db: Database,
  shopId: string,
  platform: FeedPlatform,
): Promise<AsyncIterable<string>> {
  const shop = await getShopById(db, shopId);
  if (!shop) throw new Error('shop not found');
  const settings = await channelSettingsOf(db, shopId);
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
  const version = await catalogueVersion(db, shopId);
  const held = readKept(kept);
  if (held && held.version === version && Date.now() - held.builtAt < MAX_AGE_MS && fs.existsSync(kept)) {
    res.setHeader('X-Feed-Cache', 'hit');
    await pipeline(fs.createReadStream(kept), res);
    return;
  }
  res.setHeader('X-Feed-Cache', 'miss');
  // Written to the buyer and to a file side by side; the file replaces the kept one only whole.
  await fs.promises.mkdir(feedsDir(), { recursive: true });
  const partial = `${kept}.${process.pid}.${Date.now()}.part`;
  const builtAt = Date.now();
  const source = Readable.from(await feedStream(db, shopId, file.platform));
  const toFile = new PassThrough();
  const toClient = new PassThrough();
  source.on('data', (chunk) => {
    toFile.write(chunk);
    if (!toClient.write(chunk)) {
      source.pause();
      toClient.once('drain', () => source.resume());
    }
  });
  source.on('end', () => {
    toFile.end();
    toClient.end();
  });
  source.on('error', (error) => {
    toFile.destroy(error);
    toClient.destroy(error);
  });
  try {
    // The answer ends once the file is kept: the next read (often the same robot's) finds it.
    await Promise.all([pipeline(toFile, fs.createWriteStream(partial)), pipeline(toClient, res, { end: false })]);
    await fs.promises.rename(partial, kept);
    await fs.promises.writeFile(`${kept}.json`, JSON.stringify({ version, builtAt } satisfies Kept));
  } catch (error) {
    getLogger().warn({ err: error, shopId }, 'feed not kept');
    await fs.promises.rm(partial, { force: true });
  }
  res.end();
}
