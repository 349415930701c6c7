import http from 'node:http';
import { freePort } from './harness';

/**
 * An S3-compatible endpoint for the cluster test, path-style (`/bucket/key`): keeps what is PUT
 * with a V4 signature, answers GET. The machine runs no object store; the servers' S3 driver is
 * the real one (its signing is checked against AWS's vectors in tests/unit/s3-storage.test.ts).
 */
export async function startS3Stub() {
  const objects = new Map<string, { type: string; body: Buffer }>();
  const server = http.createServer((req, res) => {
    const key = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    if (req.method === 'PUT') {
      if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) {
        res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        objects.set(key, { type: String(req.headers['content-type'] ?? ''), body: Buffer.concat(chunks) });
        res.writeHead(200, { ETag: '"stub"' }).end();
      });
      return;
    }
    const found = objects.get(key);
    if (req.method === 'GET' && found) res.writeHead(200, { 'Content-Type': found.type }).end(found.body);
    else res.writeHead(404).end();
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    objects,
    /** The servers' settings for this endpoint. */
    env: {
      S3_ENDPOINT: url,
      S3_BUCKET: 'comptoir',
      S3_ACCESS_KEY_ID: 'cluster',
      S3_SECRET_ACCESS_KEY: 'cluster-secret',
      S3_PUBLIC_URL: `${url}/comptoir`,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
