import { Children, cloneElement, type ReactElement, type ReactNode } from 'react';
import { css, cx } from '../../../styled-system/css';
import { Box, styled } from '../../../styled-system/jsx';
import { input } from '../../../styled-system/recipes';

/** Chakra's Input (its `size`, `variant`); its height is `--input-height`, which InputGroup reads. */
export const Input = styled('input', input);

const START_ELEMENT = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  position: 'absolute',
  zIndex: 2,
  color: 'fg.muted',
  height: 'full',
  fontSize: 'sm',
  px: '3',
  insetInlineStart: '0',
  pointerEvents: 'none',
});
// The input leaves the element its place: a square as high as the input.
const AFTER_START_ELEMENT = css({ ps: 'calc(var(--input-height) - 0px)' });

/** Chakra's InputGroup with a `startElement` (an icon) drawn inside the input's start. */
export function InputGroup({
  startElement,
  children,
  ...props
}: Omit<React.ComponentProps<typeof Box>, 'children'> & {
  startElement?: ReactNode;
  children: ReactElement<{ className?: string }>;
}) {
  const child = Children.only(children);
  return (
    <Box display="inline-flex" position="relative" isolation="isolate" width="full" gap="0.5rem" {...props}>
      {startElement ? <div className={START_ELEMENT}>{startElement}</div> : null}
      {startElement
        ? cloneElement(child, { className: cx(AFTER_START_ELEMENT, child.props.className) })
        : child}
    </Box>
  );
}
