import { Portal } from '@ark-ui/react/portal';
import { Stack } from '@/client/ui';
import { Toast, Toaster as ToastStack } from '@/client/ui/toast';
import { provideToastStore } from './toaster';
import { toastStore } from './toaster-store';

provideToastStore(toastStore);

/**
 * Draws the toasts the store holds (toaster-store.ts). Loaded with the first toast or once the page has
 * settled (toaster-host.tsx): a toast asked for before it arrives waits in the store and shows when
 * it mounts. Drawn with `@/client/ui`: the pages without Chakra load none for it.
 */
export function Toaster() {
  return (
    <Portal>
      <ToastStack toaster={toastStore} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            <Toast.CloseTrigger aria-label="Fermer la notification" />
          </Toast.Root>
        )}
      </ToastStack>
    </Portal>
  );
}
