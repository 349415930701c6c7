import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  isLoading?: boolean;
  isDisabled?: boolean;
  loadingText?: string;
  colorPalette?: string;
}

/** SPEC §2's reusable confirmation dialog: 'Fermer', 'Loading...' by default, 90 % wide on small screens, 400 px otherwise. */
export function ConfirmDialog(props: ConfirmDialogProps) {
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
