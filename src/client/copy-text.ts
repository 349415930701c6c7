/**
 * Puts `text` on the clipboard; answers whether it got there. The Clipboard API exists only on
 * https (or localhost) and may be refused (an old WebView, a permission policy): the shop's tablet
 * on a LAN address over http is the common case. Then a hidden text area selected and copied the
 * old way (`execCommand`), which those browsers still honour inside a click.
 */
export async function copyText(text: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused: try the old way below.
    }
  }
  return copyBySelection(text);
}

function copyBySelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  // Invisible but selectable (display: none is not), no zoom on iOS (16 px); placed beside the
  // focused button, so a dialog's focus trap lets it take the selection.
  Object.assign(area.style, {
    position: 'fixed',
    top: '0',
    left: '0',
    width: '1px',
    height: '1px',
    opacity: '0',
    pointerEvents: 'none',
    fontSize: '16px',
  });
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  (focused?.parentElement ?? document.body).appendChild(area);
  try {
    area.focus();
    area.select();
    area.setSelectionRange(0, text.length);
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus();
  }
}

/** What to tell a person whose browser let nothing be copied. */
export const COPY_FAILED =
  'Copie impossible sur cet appareil : appuyez longuement sur le lien pour le copier.';
