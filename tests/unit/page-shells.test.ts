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
      .filter((file) => !/export default backOfficePage\(/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(pagesDir, file));
    expect(unwrapped).toEqual([]);
  });

  it('draws every page with the app shell on the server, with its shell’s data (the till aside)', () => {
    // The till works offline from what its service worker keeps: it is not drawn per request.
    const drawnInTheBrowser = new Set(['point-de-vente.tsx']);
    const missing = pageFiles(pagesDir)
      .filter((file) => !drawnInTheBrowser.has(path.relative(pagesDir, file)))
      .filter((file) => {
        const source = fs.readFileSync(file, 'utf8');
        const screen = /from '@\/(features\/[^']+\/screens\/\w+)'/.exec(source)?.[1];
        const screenFile = screen && path.resolve(pagesDir, '..', `${screen}.tsx`);
        const drawsShell = !!screenFile && /<AppShell\b/.test(fs.readFileSync(screenFile, 'utf8'));
        return drawsShell && !/export const getServerSideProps = shellPageProps;/.test(source);
      })
      .map((file) => path.relative(pagesDir, file));
    expect(missing).toEqual([]);
  });

  it('draws the light pages without the back office’s providers (their budget is 120 KB)', () => {
    for (const name of LIGHT_PAGES) {
      const source = fs.readFileSync(path.join(pagesDir, name), 'utf8');
      expect(source).not.toMatch(/backOfficePage/);
    }
  });
});
