import type { ComponentProps } from 'react';
import { styled } from '../../../styled-system/jsx';
import { separator } from '../../../styled-system/recipes';

const StyledSeparator = styled('span', separator);

/** Chakra's Separator: a rule (a `span` with the separator's role), in its `variant` and `size`. */
export function Separator(props: ComponentProps<typeof StyledSeparator>) {
  const orientation = props.orientation ?? 'horizontal';
  return (
    <StyledSeparator
      role="separator"
      aria-orientation={typeof orientation === 'string' ? orientation : undefined}
      {...props}
    />
  );
}
