// After `next build`: the pages' loader (src/client/boot/paint-first.js) copied under
// .next/static/boot/ with its content's hash in its name, as Next names its own files: served
// compressed and cached for a year like them (src/server/http/static-assets.ts), kept by the till's
// service worker with them. Its address goes to .next/paint-first.json, which _document reads.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';

// Minified as Next's own files are: every page's first load carries it.
const { code: source } = transformSync(
  fs.readFileSync(path.resolve('src/client/boot/paint-first.js'), 'utf8'),
  {
    minify: true,
    loader: 'js',
  },
);
const hash = crypto.createHash('sha256').update(source).digest('hex').slice(0, 16);
const name = `paint-first-${hash}.js`;
const folder = path.resolve('.next/static/boot');
fs.rmSync(folder, { recursive: true, force: true });
fs.mkdirSync(folder, { recursive: true });
fs.writeFileSync(path.join(folder, name), source);
fs.writeFileSync(
  path.resolve('.next/paint-first.json'),
  JSON.stringify({ src: `/_next/static/boot/${name}` }),
);
console.log(`/_next/static/boot/${name} écrit`);
