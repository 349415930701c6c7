import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The builder's dialogs (the catalogue of sections, the history): whole screen on a phone. */
export function BuilderDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  title: string;
  size: 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(e) => props.onOpenChange(e.open)}
      size={{ base: 'full', md: props.size }}
      scrollBehavior="inside"
    >
      <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{props.children}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Fermer" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
