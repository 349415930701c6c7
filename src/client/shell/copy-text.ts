import { toaster } from './toaster';

/**
 * Copies a text (a link to share). False when the browser refuses: no clipboard on a page served
 * over plain http (a shop's computer on the local network) or an old browser, a permission denied.
 * The caller then offers another way (the text selected, or a long press).
 */
export async function copyText(text: string): Promise<boolean> {
  if (!navigator.clipboard) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A link copied, said in a toast; when the browser refuses, the toast shows it to copy by hand. */
export async function copyLink(url: string, copiedTitle: string): Promise<void> {
  toaster.create(
    (await copyText(url))
      ? { type: 'success', title: copiedTitle, duration: 2500 }
      : {
          type: 'warning',
          title: 'Copie impossible ici\u00a0: copiez le lien à la main.',
          description: url,
          duration: 15_000,
        },
  );
}
