import { createToaster } from '@chakra-ui/react';

/**
 * SPEC §2/§8 toasts sit at the bottom of the screen. This store takes them at once, from anywhere;
 * they are drawn by `Toaster` (toaster-view.tsx), which the app loads once the page is up.
 */
export const toaster = createToaster({ placement: 'bottom', pauseOnPageIdle: true, max: 4 });

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
