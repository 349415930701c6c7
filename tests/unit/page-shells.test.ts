import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// `_app` draws a page in the back office's providers only when the page names them
// (backOfficePage): a page that forgets would open without its session, store or theme. The light
// pages, drawn without them on purpose, are listed here: sign-in, and « Page introuvable », drawn
// with `@/client/ui` (Panda's CSS, no theme provider) and needing neither session nor store.
const LIGHT_PAGES = new Set(['login.tsx', 'otp.tsx', '404.tsx']);
const pagesDir = path.resolve(import.meta.dirname, '../../src/pages');

function pageFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'api' ? [] : pageFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.startsWith('_') ? [full] : [];
  });
}

describe('page shells', () => {
  it('wraps every page but the light ones in the back office’s providers', () => {
    const files = pageFiles(pagesDir);
    expect(files.length).toBeGreaterThan(20);
    const unwrapped = files
      .filter((file) => !LIGHT_PAGES.has(path.relative(pagesDir, file)))
      .filter(
        (file) => !/export default (backOfficePage|uiBackOfficePage)\(/.test(fs.readFileSync(file, 'utf8')),
      )
      .map((file) => path.relative(pagesDir, file));
    expect(unwrapped).toEqual([]);
  });

  it('draws every page with the app shell on the server, with its shell’s data (the till aside)', () => {
    // The till draws no app shell: it comes with its own session and boot answer (till-page.ts).
    const withItsOwnProps = new Set(['point-de-vente.tsx']);
    const missing = pageFiles(pagesDir)
      .filter((file) => !withItsOwnProps.has(path.relative(pagesDir, file)))
      .filter((file) => {
        const source = fs.readFileSync(file, 'utf8');
        const screen = /from '@\/(features\/[^']+\/screens\/\w+)'/.exec(source)?.[1];
        const screenFile = screen && path.resolve(pagesDir, '..', `${screen}.tsx`);
        const drawsShell = !!screenFile && /<AppShell\b/.test(fs.readFileSync(screenFile, 'utf8'));
        return (
          drawsShell &&
          !/export const getServerSideProps = (shellPageProps|shellPagePropsWith\(\w+\));/.test(source)
        );
      })
      .map((file) => path.relative(pagesDir, file));
    expect(missing).toEqual([]);
  });

  it('draws the light pages without the back office’s providers (their budget is 120 KB)', () => {
    for (const name of LIGHT_PAGES) {
      const source = fs.readFileSync(path.join(pagesDir, name), 'utf8');
      expect(source).not.toMatch(/backOfficePage/i);
    }
  });

  it('loads no Chakra with a page drawn with `@/client/ui`, but in the popups it opens', () => {
    // uiBackOfficePage draws no Chakra provider: a Chakra component reached by a static import
    // would break the page (and bring Chakra back into its first load).
    const uiPages = pageFiles(pagesDir).filter((file) =>
      /export default uiBackOfficePage\(/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(uiPages.map((file) => path.relative(pagesDir, file))).toContain('index.tsx');
    for (const page of uiPages) {
      expect({ page: path.relative(pagesDir, page), chakra: staticChakraImporters(page) }).toEqual({
        page: path.relative(pagesDir, page),
        chakra: [],
      });
    }
  });
});

const srcDir = path.resolve(pagesDir, '..');

function resolveModule(from: string, spec: string): string | null {
  const base = spec.startsWith('@/')
    ? path.join(srcDir, spec.slice(2))
    : spec.startsWith('.')
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The files reached from `entry` by static imports (not `import()`) that import Chakra. */
function staticChakraImporters(entry: string): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    // `import type` is erased; `import(…)` loads later, in the popup's own chunk.
    const specs = [...source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map(
      (m) => m[1]!,
    );
    if (specs.some((spec) => spec.startsWith('@chakra-ui/'))) found.push(path.relative(srcDir, file));
    for (const spec of specs) {
      const next = resolveModule(file, spec);
      if (next && /\.(ts|tsx)$/.test(next)) queue.push(next);
    }
  }
  return found.sort();
}
