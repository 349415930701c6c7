import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ConfirmDialogProps } from './ConfirmDialog';
import { inChakraIsland } from '@/client/shell/chakra-island';

/** ConfirmDialog's dialog itself, loaded when it first opens. */
function ConfirmDialogViewInner(props: ConfirmDialogProps) {
  const {
    isOpen,
    onClose,
    onConfirm,
    title,
    children,
    confirmLabel,
    isLoading,
    isDisabled,
    loadingText = 'Loading...',
  } = props;
  return (
    <Dialog.Root
      lazyMount
      open={isOpen}
      onOpenChange={(e) => !e.open && onClose()}
      placement="center"
      role="alertdialog"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content width={{ base: '90%', md: '400px' }} maxW={{ base: '90%', md: '400px' }}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Fermer
              </Button>
              <Button
                colorPalette={props.colorPalette ?? 'red'}
                onClick={onConfirm}
                loading={isLoading}
                loadingText={loadingText}
                disabled={isDisabled}
              >
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fermer la fenêtre" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export const ConfirmDialogView = inChakraIsland(ConfirmDialogViewInner);
