// After `next build`: every text file of .next/static (hashed names, never changed) written again
// beside itself as Brotli (quality 11) and gzip (level 9), for the server to send as they are
// (src/server/http/static-assets.ts) instead of gzipping each answer at level 6 as Next does.
// A compressed copy that would not be smaller is not written.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const ROOT = path.resolve('.next/static');
const COMPRESSIBLE = new Set(['.js', '.css', '.json', '.svg', '.txt', '.map', '.html', '.xml', '.ico']);
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* files(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.has(path.extname(entry.name))) yield full;
  }
}

const started = performance.now();
const totals = { files: 0, raw: 0, br: 0, gz: 0 };
const queue = [];
for await (const file of files(ROOT)) queue.push(file);
// zlib's async calls run on libuv's thread pool: a few at a time use every core.
async function worker() {
  for (let file = queue.pop(); file; file = queue.pop()) {
    const raw = await fs.readFile(file);
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzip(raw, { level: 9 }),
    ]);
    totals.files += 1;
    totals.raw += raw.length;
    if (br.length < raw.length) {
      await fs.writeFile(`${file}.br`, br);
      totals.br += br.length;
    }
    if (gz.length < raw.length) {
      await fs.writeFile(`${file}.gz`, gz);
      totals.gz += gz.length;
    }
  }
}
await Promise.all(Array.from({ length: 4 }, worker));
const kb = (n) => `${(n / 1024).toFixed(0)} Ko`;
console.log(
  `.next/static précompressé : ${totals.files} fichiers, ${kb(totals.raw)} → Brotli ${kb(totals.br)}, gzip ${kb(totals.gz)} ` +
    `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
