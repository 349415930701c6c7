import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { getEnv } from '../env';
import { getLogger } from '../logger';
import { UPLOADS_URL_PREFIX, isSafeKey, uploadsDir } from './file-storage';

/*
 * Pictures at the width a page asks for, in the format the browser reads best (AVIF, else WebP):
 * `/boutique-assets/img?src=/uploads/…&w=480&f=avif`. Made once by sharp from the stored
 * upload, kept on disk, and sent with a year-long cache (the source never changes under its key).
 */

export const RESIZED_PREFIX = '/boutique-assets/img';
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600] as const;
const FORMATS = { avif: 'image/avif', webp: 'image/webp' } as const;
type Format = keyof typeof FORMATS;

/** The address of `src` (an upload's URL) at `width` in `format`. */
export function resizedUrl(src: string, width: number, format: Format): string {
  return `${RESIZED_PREFIX}?${new URLSearchParams({ src, w: String(width), f: format })}`;
}

function cacheDir(): string {
  return path.resolve(getEnv().DATA_DIR, 'image-cache');
}

/** Several requests for a picture not made yet wait for the one making it. */
const making = new Map<string, Promise<Buffer | null>>();

async function make(key: string, width: number, format: Format): Promise<Buffer | null> {
  const name = createHash('sha256').update(`${key}|${width}|${format}`).digest('hex');
  const target = path.join(cacheDir(), name.slice(0, 2), `${name}.${format}`);
  const kept = await fs.readFile(target).catch(() => null);
  if (kept) return kept;
  const source = await fs.readFile(path.join(uploadsDir(), key)).catch(() => null);
  if (!source) return null;
  const image = sharp(source).resize({ width, withoutEnlargement: true });
  // AVIF at effort 4: a third smaller than WebP for the same look, made in a fraction of a second.
  const data = await (
    format === 'avif' ? image.avif({ quality: 55, effort: 4 }) : image.webp({ quality: 75 })
  ).toBuffer();
  await fs.mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.part`;
  await fs.writeFile(partial, data);
  await fs.rename(partial, target);
  return data;
}

/**
 * How many bytes `src` (an upload's URL) weighs at `width` in `format`, made now if it was not
 * yet; null when it is not an upload kept here, or is gone.
 */
export async function resizedImageBytes(src: string, width: number, format: Format): Promise<number | null> {
  if (!src.startsWith(UPLOADS_URL_PREFIX)) return null;
  const key = decodeURIComponent(src.slice(UPLOADS_URL_PREFIX.length));
  if (!isSafeKey(key)) return null;
  return (await make(key, width, format))?.length ?? null;
}

export function serveResizedImage(req: IncomingMessage, res: ServerResponse): boolean {
  if (!req.url?.startsWith(`${RESIZED_PREFIX}?`)) return false;
  const params = new URL(req.url, 'http://localhost').searchParams;
  const src = params.get('src') ?? '';
  const width = Number(params.get('w'));
  const format = params.get('f') as Format;
  const key = src.startsWith(UPLOADS_URL_PREFIX)
    ? decodeURIComponent(src.slice(UPLOADS_URL_PREFIX.length))
    : '';
  const refuse = (status: number, text: string) => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end(text);
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') return (refuse(405, 'Méthode non autorisée.'), true);
  if (!isSafeKey(key) || !(IMAGE_WIDTHS as readonly number[]).includes(width) || !(format in FORMATS))
    return (refuse(404, 'Image introuvable.'), true);
  const id = `${key}|${width}|${format}`;
  let job = making.get(id);
  if (!job) {
    job = make(key, width, format).finally(() => making.delete(id));
    making.set(id, job);
  }
  job.then(
    (data) => {
      if (!data) return refuse(404, 'Image introuvable.');
      res.statusCode = 200;
      res.setHeader('Content-Type', FORMATS[format]);
      res.setHeader('Content-Length', data.length);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.end(req.method === 'HEAD' ? undefined : data);
    },
    (error: unknown) => {
      getLogger().error({ err: error, src }, 'image resize failed');
      refuse(500, 'L’image n’a pas pu être préparée.');
    },
  );
  return true;
}
