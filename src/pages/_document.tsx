import fs from 'node:fs';
import path from 'node:path';
import type { ReactElement } from 'react';
import { Head, Html, Main, NextScript } from 'next/document';

type DocumentFiles = Parameters<Head['getScripts']>[0];

/**
 * The pages' loader, as the build wrote it (scripts/emit-paint-first.mjs); absent in `next dev`,
 * where pages load their scripts as Next writes them.
 */
function paintFirstLoader(): string | null {
  try {
    const manifest = path.join(process.cwd(), '.next', 'paint-first.json');
    return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { src: string }).src;
  } catch {
    return null;
  }
}

const LOADER = paintFirstLoader();

function sourcesOf(scripts: Array<ReactElement | null>): string[] {
  return scripts.flatMap((script) => {
    const src = (script?.props as { src?: unknown } | undefined)?.src;
    return typeof src === 'string' ? [src] : [];
  });
}

function preloads(sources: string[]) {
  return sources.map((src) => <link key={src} rel="preload" as="script" href={src} />);
}

/**
 * The page paints before its scripts run (issue 20). Next writes a page's scripts as deferred: the
 * browser runs them as soon as the page is parsed, and where they are already there (a fast network,
 * a cache) that is before the first frame, so a phone shows nothing while it runs ~190 KB of
 * JavaScript, though the server drew the whole page. Here they are fetched as early (preloaded, in
 * parallel with the page), and started by a small loader once the page has painted, in the same
 * order: the first paint carries the page drawn on the server, and the app takes it over a frame
 * later. Until then a tap does nothing, as it does on a slow network while the scripts download.
 */
class PaintFirstHead extends Head {
  /** The chunks of the dynamic imports the server drew, as Next would write them. */
  private dynamicChunkSources(files: DocumentFiles): string[] {
    return sourcesOf(super.getDynamicChunks(files));
  }

  getDynamicChunks(files: DocumentFiles) {
    if (!LOADER) return super.getDynamicChunks(files);
    return preloads(this.dynamicChunkSources(files));
  }

  getScripts(files: DocumentFiles) {
    if (!LOADER) return super.getScripts(files);
    const scripts = sourcesOf(super.getScripts(files));
    // Next writes the dynamic chunks first: they run first.
    const inOrder = [...this.dynamicChunkSources(files), ...scripts];
    return [
      ...preloads(scripts),
      <script
        key="paint-first-list"
        id="__paint_first"
        type="application/json"
        dangerouslySetInnerHTML={{ __html: JSON.stringify(inOrder).replace(/</g, '\\u003c') }}
      />,
      <script key="paint-first" src={LOADER} defer />,
    ];
  }
}

export default function Document() {
  return (
    <Html lang="fr">
      <PaintFirstHead>
        <link rel="icon" href="/logo.svg" type="image/svg+xml" />
        <meta name="theme-color" content="#E8590C" />
        {/* What every page needs before any script or style sheet, whichever way it is drawn (Chakra's
            preflight gives the back office the same and more; the light pages get only this):
            inline, so no request holds the first paint. */}
        <style>{'html,body{margin:0;padding:0;-webkit-text-size-adjust:100%;text-size-adjust:100%}'}</style>
      </PaintFirstHead>
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
