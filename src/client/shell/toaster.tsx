import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';

/** SPEC §2/§8 toasts sit at the bottom of the screen. */
export const toaster = createToaster({ placement: 'bottom', pauseOnPageIdle: true, max: 4 });

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
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
      </ChakraToaster>
    </Portal>
  );
}

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
