import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { UPLOADS_URL_PREFIX, isSafeKey, uploadsDir } from './file-storage';

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

/**
 * Serves local uploads. Returns false when the URL is not an upload, so the caller hands the
 * request on. Files never change under a key, hence the year-long immutable cache.
 */
export function serveUpload(req: IncomingMessage, res: ServerResponse): boolean {
  // Every request passes here: the cheap test first, the URL parsed only for uploads.
  if (!req.url?.startsWith(UPLOADS_URL_PREFIX)) return false;
  const pathname = new URL(req.url, 'http://localhost').pathname;
  const key = decodeURIComponent(pathname.slice(UPLOADS_URL_PREFIX.length));
  const notFound = () => {
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('Fichier introuvable.');
  };
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !isSafeKey(key)) {
    notFound();
    return true;
  }
  const file = path.join(uploadsDir(), key);
  fs.stat(file, (error, stat) => {
    if (error || !stat.isFile()) return notFound();
    res.statusCode = 200;
    res.setHeader('Content-Type', CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream');
    res.setHeader('Content-Length', stat.size);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'HEAD') return res.end();
    fs.createReadStream(file).pipe(res);
  });
  return true;
}
