import type { ComponentProps } from 'react';
import { IconButton } from './buttons';
import { CloseIcon } from './close-icon';

/** Chakra's close button: a ghost icon button with its cross. */
export function CloseButton({ children, ...props }: ComponentProps<typeof IconButton>) {
  return (
    <IconButton variant="ghost" aria-label="Fermer" {...props}>
      {children ?? <CloseIcon />}
    </IconButton>
  );
}
