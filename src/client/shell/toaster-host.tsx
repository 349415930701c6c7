import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { isToastViewWanted, onToastViewWanted, wantToastView } from './toaster';

const ToasterView = dynamic(() => import('./toaster-view').then((m) => m.Toaster), { ssr: false });

/**
 * How long after the page's `load` the view comes on its own, no toast asked: past the page's first
 * screen, which on a till or a list waits on an API answer after the scripts (issue 20: the view's
 * code and state machine, ~22 KB compressed, must not compete with that screen).
 */
const SETTLE_MS = 2_500;

/** Runs `then` once the page has loaded, SETTLE_MS have passed and the main thread is idle. */
function afterPageSettles(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const wait = () => {
    timer = setTimeout(() => {
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(then, { timeout: 2_000 });
      else then();
    }, SETTLE_MS);
  };
  if (document.readyState === 'complete') wait();
  else window.addEventListener('load', wait, { once: true });
  return () => {
    window.removeEventListener('load', wait);
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/**
 * The toasts' view, mounted with the first toast asked for, or once the page has settled: a toast
 * asked for before waits in the store (toaster.ts) and shows as the view arrives.
 */
export function ToasterHost() {
  const [isWanted, setIsWanted] = useState(isToastViewWanted);
  useEffect(() => {
    if (isWanted) return;
    const stopListening = onToastViewWanted(() => setIsWanted(true));
    const cancel = afterPageSettles(wantToastView);
    return () => {
      stopListening();
      cancel();
    };
  }, [isWanted]);
  return isWanted ? <ToasterView /> : null;
}
