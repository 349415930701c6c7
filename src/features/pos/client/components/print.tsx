import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useIsHydrated } from '@/client/hooks/use-is-hydrated';

/**
 * Printing on a thermal printer: the document to print is drawn alone in #pos-print-root (every
 * other child of <body> is hidden for print) and the page is sized to it, paper width × its
 * height, so the printer cuts right after the last line.
 */
export type PaperWidth = 58 | 80;

interface PrintJob {
  node: ReactNode;
  width: PaperWidth;
  resolve: () => void;
}

let job: PrintJob | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
function setJob(next: PrintJob | null) {
  job = next;
  for (const listener of listeners) listener();
}

/** Opens the browser's print dialog for this document; resolves once it closes. */
export function printDocument(node: ReactNode, width: PaperWidth): Promise<void> {
  return new Promise((resolve) => setJob({ node, width, resolve }));
}

// Laid out off screen (not display: none) so its height can be measured for the page size.
const PRINT_CSS = `
#pos-print-root { position: fixed; left: -10000px; top: 0; visibility: hidden; background: white; color: black; }
@media print {
  body > *:not(#pos-print-root) { display: none !important; }
  #pos-print-root { position: static; left: auto; visibility: visible; }
  html, body { background: white !important; margin: 0; padding: 0; }
}`;

function waitForImages(root: HTMLElement): Promise<void> {
  const pending = [...root.querySelectorAll('img')].filter((img) => !img.complete);
  return Promise.all(
    pending.map(
      (img) =>
        new Promise<void>((done) => {
          img.addEventListener('load', () => done(), { once: true });
          img.addEventListener('error', () => done(), { once: true });
          setTimeout(done, 1500);
        }),
    ),
  ).then(() => undefined);
}

/** Mounted once by the till: holds the document being printed. */
export function PrintHost() {
  const isHydrated = useIsHydrated();
  const current = useSyncExternalStore(
    subscribe,
    () => job,
    () => null,
  );

  useEffect(() => {
    if (!current) return;
    let pageStyle: HTMLStyleElement | null = null;
    const frame = requestAnimationFrame(() => {
      void (async () => {
        const root = document.getElementById('pos-print-root');
        if (root) await waitForImages(root);
        const heightMm = root ? Math.ceil((root.scrollHeight * 25.4) / 96) + 4 : 200;
        pageStyle = document.createElement('style');
        pageStyle.textContent = `@page { size: ${current.width}mm ${Math.max(heightMm, 40)}mm; margin: 0; }`;
        document.head.appendChild(pageStyle);
        window.print();
        pageStyle.remove();
        current.resolve();
        setJob(null);
      })();
    });
    return () => {
      cancelAnimationFrame(frame);
      pageStyle?.remove();
    };
  }, [current]);

  // Its portal needs the document: nothing in a page drawn by the server, nor while it hydrates.
  if (!isHydrated) return null;
  return (
    <>
      <style>{PRINT_CSS}</style>
      {createPortal(
        <div id="pos-print-root" style={{ width: current ? `${current.width}mm` : undefined }}>
          {current?.node}
        </div>,
        document.body,
      )}
    </>
  );
}
