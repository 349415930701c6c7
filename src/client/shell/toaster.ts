import type { CreateToasterReturn } from '@chakra-ui/react';

type ToastOptions = Parameters<CreateToasterReturn['create']>[0];

let store: Promise<CreateToasterReturn> | null = null;
let queue: Promise<unknown> = Promise.resolve();

/** Runs `use` with the toasts' store, in the order asked, once its code is here. */
function withStore(use: (toasts: CreateToasterReturn) => void): void {
  store ??= import('./toaster-store').then((m) => m.toastStore);
  queue = queue
    .then(() => store!)
    .then(use)
    .catch(() => {
      // The store's code could not be fetched (network lost): the next toast tries again.
      store = null;
    });
}

/**
 * How the app shows a toast, from anywhere, at any time. The store and its state machine are not
 * in the page's first load: a toast asked for before they arrive is shown as soon as they do, in
 * the order asked (the view, toaster-view.tsx, also comes after the first paint).
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
