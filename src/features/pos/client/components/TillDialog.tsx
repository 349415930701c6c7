import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { touchTargetCss } from '../till/touch-targets';

/** The till's dialogs: big enough for fingers, the whole screen on a phone. */
export function TillDialog(props: {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Which field takes the focus on opening. */
  initialFocus?: () => HTMLElement | null;
}) {
  const width = props.size === 'lg' ? '720px' : props.size === 'sm' ? '400px' : '520px';
  return (
    <Dialog.Root
      lazyMount
      open={props.isOpen}
      onOpenChange={(e) => !e.open && props.onClose()}
      placement="center"
      scrollBehavior="inside"
      initialFocusEl={props.initialFocus}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            width={{ base: '100%', md: width }}
            maxW={{ base: '100%', md: width }}
            maxH={{ base: '100dvh', md: '90dvh' }}
            h={{ base: '100dvh', md: 'auto' }}
            rounded={{ base: '0', md: 'l3' }}
            my={{ base: '0', md: 'auto' }}
            css={touchTargetCss}
          >
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{props.children}</Dialog.Body>
            {props.footer ? <Dialog.Footer>{props.footer}</Dialog.Footer> : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="lg" aria-label="Fermer la fenêtre" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
