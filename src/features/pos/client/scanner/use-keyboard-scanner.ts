import { useEffect, useRef } from 'react';
import { ScanDetector } from './scan-detector';

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement)
    return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset'].includes(target.type);
  return false;
}

function isDialogOpen(): boolean {
  return !!document.querySelector(
    '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]',
  );
}

/**
 * Scans anywhere on the till screen add a line: keys typed outside a text field (a person typing
 * in one is left alone; the search field handles a code typed into it itself) and outside an open
 * dialog.
 */
export function useKeyboardScanner(onScan: (code: string) => void, isEnabled: boolean): void {
  const handler = useRef(onScan);
  useEffect(() => {
    handler.current = onScan;
  }, [onScan]);

  useEffect(() => {
    if (!isEnabled) return;
    const detector = new ScanDetector((code) => handler.current(code));
    function onKeyDown(event: KeyboardEvent) {
      if (event.ctrlKey || event.altKey || event.metaKey) return;
      // The dialog check walks the page: once per scan (at its Enter), not once per key.
      if (isTypingTarget(event.target) || (event.key === 'Enter' && isDialogOpen())) {
        detector.reset();
        return;
      }
      if (detector.handleKey(event.key, event.timeStamp || performance.now())) {
        event.preventDefault();
        event.stopPropagation();
      }
    }
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [isEnabled]);
}
