import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { inChakraIsland } from '@/client/shell/chakra-island';
import type { FormDialogProps } from './FormDialog';

/** FormDialog's dialog, loaded when it first opens (see FormDialog.tsx). */
function FormDialogViewInner(props: FormDialogProps) {
  const width = props.width ?? '440px';
  return (
    <Dialog.Root
      lazyMount
      open={props.isOpen}
      onOpenChange={(e) => !e.open && props.onClose()}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content width={{ base: '90%', md: width }} maxW={{ base: '90%', md: width }}>
            <form onSubmit={props.onSubmit} noValidate aria-label={props.formLabel}>
              <Dialog.Header>
                <Dialog.Title>{props.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{props.children}</Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={props.onClose}>
                  Fermer
                </Button>
                <Button
                  type="submit"
                  colorPalette="brand"
                  loading={props.isLoading}
                  loadingText={props.loadingText}
                >
                  {props.submitLabel}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fermer la fenêtre" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export const FormDialogView = inChakraIsland(FormDialogViewInner);
