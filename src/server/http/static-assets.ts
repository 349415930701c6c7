import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

const PREFIX = '/_next/static/';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
};

type Encoding = 'br' | 'gzip' | null;

/** What the client accepts, best first: Brotli, then gzip, else the file as it is. */
export function acceptedEncodings(header: string | string[] | undefined): Encoding[] {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  const out: Encoding[] = [];
  if (accepted.has('br')) out.push('br');
  if (accepted.has('gzip')) out.push('gzip');
  out.push(null);
  return out;
}

interface Variant {
  file: string;
  size: number;
}

/**
 * The build's static files (`.next/static`: content-hashed names, never changed), sent as the build
 * compressed them (scripts/precompress-static.mjs: Brotli 11 and gzip 9) with a year-long immutable
 * cache. Answers false when the URL is not one of them, so the caller hands the request on (Next
 * then answers its 404). What is on disk is looked up once per file: the build does not change
 * under a running server.
 */
export function createStaticAssets(root: string) {
  const known = new Map<string, Partial<Record<'br' | 'gzip' | 'identity', Variant>> | null>();

  function variantsOf(relative: string) {
    let found = known.get(relative);
    if (found !== undefined) return found;
    const file = path.join(root, relative);
    const sizeOf = (candidate: string) => {
      try {
        const stat = fs.statSync(candidate);
        return stat.isFile() ? { file: candidate, size: stat.size } : undefined;
      } catch {
        return undefined;
      }
    };
    const identity = sizeOf(file);
    found = identity ? { identity, br: sizeOf(`${file}.br`), gzip: sizeOf(`${file}.gz`) } : null;
    // Only what exists is remembered for good: a probe of a name that is not there stays cheap
    // without letting random URLs grow the map.
    if (found) known.set(relative, found);
    return found;
  }

  return function serveStaticAsset(req: IncomingMessage, res: ServerResponse): boolean {
    if (!req.url?.startsWith(PREFIX) || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    let relative: string;
    try {
      relative = decodeURIComponent(req.url.slice(PREFIX.length).split('?')[0]!);
    } catch {
      return false;
    }
    // Nothing outside the folder: no parent steps, no absolute or hidden paths.
    if (!relative || relative.split('/').some((part) => part === '..' || part === '' || part.startsWith('.')))
      return false;
    if (relative.includes('\\') || relative.includes('\0')) return false;
    const variants = variantsOf(relative);
    if (!variants) return false;
    const encoding = acceptedEncodings(req.headers['accept-encoding']).find(
      (e) => variants[e ?? 'identity'] !== undefined,
    );
    const chosen = variants[encoding ?? 'identity']!;
    res.statusCode = 200;
    res.setHeader('Content-Type', CONTENT_TYPES[path.extname(relative)] ?? 'application/octet-stream');
    res.setHeader('Content-Length', chosen.size);
    if (encoding) res.setHeader('Content-Encoding', encoding);
    if (variants.br || variants.gzip) res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    const stream = fs.createReadStream(chosen.file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
    return true;
  };
}
