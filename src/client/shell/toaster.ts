import type { CreateToasterReturn } from '@chakra-ui/react';

type ToastOptions = Parameters<CreateToasterReturn['create']>[0];

let provide: (toasts: CreateToasterReturn) => void = () => {};
const store = new Promise<CreateToasterReturn>((resolve) => {
  provide = resolve;
});
let queue: Promise<unknown> = Promise.resolve();
let isViewWanted = false;
const viewWantedListeners = new Set<() => void>();

/**
 * Asks for the toasts' view (toaster-host.tsx mounts it): with the first toast, or once the page
 * has settled. Its code and state machine stay out of the page's first paint.
 */
export function wantToastView(): void {
  if (isViewWanted) return;
  isViewWanted = true;
  for (const listener of viewWantedListeners) listener();
}

export function isToastViewWanted(): boolean {
  return isViewWanted;
}

/** Calls `listener` once the view is wanted; answers how to stop listening. */
export function onToastViewWanted(listener: () => void): () => void {
  viewWantedListeners.add(listener);
  return () => viewWantedListeners.delete(listener);
}

/**
 * Hands over the toasts' store: called by the view's module (toaster-view.tsx) as it loads, so the
 * store comes with the view's code, fetched once (with the first toast or once the page has
 * settled), and kept by the till's service worker for offline days.
 */
export function provideToastStore(toasts: CreateToasterReturn): void {
  provide(toasts);
}

/** Runs `use` with the toasts' store, in the order asked, once it is here. */
function withStore(use: (toasts: CreateToasterReturn) => void): void {
  wantToastView();
  queue = queue.then(() => store).then(use);
}

/**
 * How the app shows a toast, from anywhere, at any time. The store and its state machine are not
 * in the page's first load: they come with the view (toaster-view.tsx, loaded with the first
 * toast or once the page has settled), and a toast asked for before is shown as soon as they are
 * here, in the order asked.
 */
export const toaster = {
  create(options: ToastOptions): void {
    withStore((toasts) => toasts.create(options));
  },
  /** The toast `id` brought up to date when it is on screen, else shown anew. */
  upsert(id: string, options: ToastOptions): void {
    withStore((toasts) =>
      toasts.isVisible(id) ? toasts.update(id, options) : toasts.create({ ...options, id }),
    );
  },
};

/** SPEC §8: shop loading failure, 2.5 s, at the bottom, error. */
export function toastShopLoadingFailed(): void {
  toaster.create({
    id: 'shop-loading-failed',
    title: 'Une erreur est survenue',
    description: 'Verifiez votre connexion et reessayez',
    type: 'error',
    duration: 2500,
  });
}
