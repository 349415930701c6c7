import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, createStaticAssets } from '@/server/http/static-assets';

let base: string;
let root: string;
let server: http.Server;
let port: number;
const script = 'console.log("bonjour");\n'.repeat(200);

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-static-'));
  root = path.join(base, 'static');
  fs.mkdirSync(path.join(root, 'chunks/app/(app)/[id]'), { recursive: true });
  fs.writeFileSync(path.join(root, 'chunks/main.js'), script);
  fs.writeFileSync(path.join(root, 'chunks/main.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(root, 'chunks/main.js.gz'), zlib.gzipSync(script));
  // Too small to compress: no copies beside it.
  fs.writeFileSync(path.join(root, 'chunks/app/(app)/[id]/page.js'), 'x');
  fs.writeFileSync(path.join(base, 'secret.txt'), 'secret');
  const serve = createStaticAssets(root);
  server = http.createServer((req, res) => {
    if (serve(req, res)) return;
    res.statusCode = 404;
    res.end('suivant');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(base, { recursive: true, force: true });
});

/** The raw answer (no decoding by the client): status, headers, bytes. */
function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: url, headers, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('static assets', () => {
  it('sends the Brotli copy to a browser that takes it, with a year-long immutable cache', async () => {
    const answer = await get('/_next/static/chunks/main.js', {
      'Accept-Encoding': 'gzip, deflate, br, zstd',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(script.length / 10);
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('sends gzip to a client without Brotli, the file itself to one that asks for neither', async () => {
    const gz = await get('/_next/static/chunks/main.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    const refused = await get('/_next/static/chunks/main.js', { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString()).toBe(script);
    const plain = await get('/_next/static/chunks/main.js');
    expect(plain.body.toString()).toBe(script);
  });

  it('sends a file without compressed copies as it is, its encoded name decoded; HEAD sends no body', async () => {
    const page = await get('/_next/static/chunks/app/(app)/%5Bid%5D/page.js', { 'Accept-Encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.headers.vary).toBeUndefined();
    expect(page.body.toString()).toBe('x');
    const head = await get('/_next/static/chunks/main.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('hands on what is not one of its files: unknown names, parent steps, other methods, other paths', async () => {
    for (const url of [
      '/_next/static/chunks/absent.js',
      '/_next/static/../secret.txt',
      '/_next/static/%2e%2e/secret.txt',
      '/_next/static/chunks/%E0%A4%A.js',
      '/_next/static/',
      '/mes-commandes',
    ])
      expect((await get(url)).body.toString(), url).toBe('suivant');
    expect((await get('/_next/static/chunks/main.js', {}, 'POST')).body.toString()).toBe('suivant');
  });

  it('reads Accept-Encoding as browsers write it', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip', null]);
    expect(acceptedEncodings('gzip;q=1.0, br;q=0')).toEqual(['gzip', null]);
    expect(acceptedEncodings(undefined)).toEqual([null]);
  });
});
