import type { CreateToasterReturn } from '@chakra-ui/react';

type ToastOptions = Parameters<CreateToasterReturn['create']>[0];

let provide: (toasts: CreateToasterReturn) => void = () => {};
const store = new Promise<CreateToasterReturn>((resolve) => {
  provide = resolve;
});
let queue: Promise<unknown> = Promise.resolve();

/**
 * Hands over the toasts' store: called by the view's module (toaster-view.tsx) as it loads, so the
 * store comes with the view's code, fetched once, after the first paint, and kept by the till's
 * service worker for offline days.
 */
export function provideToastStore(toasts: CreateToasterReturn): void {
  provide(toasts);
}

/** Runs `use` with the toasts' store, in the order asked, once it is here. */
function withStore(use: (toasts: CreateToasterReturn) => void): void {
  queue = queue.then(() => store).then(use);
}

/**
 * How the app shows a toast, from anywhere, at any time. The store and its state machine are not
 * in the page's first load: they come with the view (toaster-view.tsx, loaded after the first
 * paint), and a toast asked for before is shown as soon as they are here, in the order asked.
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
