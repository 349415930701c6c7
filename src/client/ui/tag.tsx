import type { ComponentProps } from 'react';
import { createStyleContext } from '../../../styled-system/jsx';
import { tag } from '../../../styled-system/recipes';
import { CloseIcon } from './close-icon';

const { withProvider, withContext } = createStyleContext(tag);

const StyledCloseTrigger = withContext('button', 'closeTrigger');

/** The tag's cross: a button (`aria-label` names what it removes). */
function TagCloseTrigger({ children, ...props }: ComponentProps<typeof StyledCloseTrigger>) {
  return (
    <StyledCloseTrigger type="button" {...props}>
      {children ?? <CloseIcon />}
    </StyledCloseTrigger>
  );
}

/** Chakra's Tag: `Tag.Root` (its `size`, `variant`, colour), its label, an end element holding its cross. */
export const Tag = {
  Root: withProvider('span', 'root'),
  Label: withContext('span', 'label'),
  StartElement: withContext('span', 'startElement'),
  EndElement: withContext('span', 'endElement'),
  CloseTrigger: TagCloseTrigger,
};
