import { createToaster } from '@ark-ui/react/toast';

/**
 * SPEC §2/§8 toasts sit at the bottom of the screen. The store and its view (toaster-view.tsx)
 * load once the page is up; the app asks for toasts through `toaster` (./toaster.ts).
 */
export const toastStore = createToaster({ placement: 'bottom', pauseOnPageIdle: true, max: 4 });
