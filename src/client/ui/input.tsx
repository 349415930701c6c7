import { Children, cloneElement, type ReactElement, type ReactNode } from 'react';
import { css, cx } from '../../../styled-system/css';
import { Box, styled } from '../../../styled-system/jsx';
import { input, inputAddon, textarea } from '../../../styled-system/recipes';

/** Chakra's Input (its `size`, `variant`); its height is `--input-height`, which InputGroup reads. */
export const Input = styled('input', input);

/** Chakra's Textarea (its `size`, `variant`), outside a Field. */
export const Textarea = styled('textarea', textarea);

// Written out twice: Panda reads each call's literal object.
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
const END_ELEMENT = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  position: 'absolute',
  zIndex: 2,
  color: 'fg.muted',
  height: 'full',
  fontSize: 'sm',
  px: '3',
  insetInlineEnd: '0',
});
// The input leaves the element its place: a square as high as the input.
const AFTER_START_ELEMENT = css({ ps: 'calc(var(--input-height) - 0px)' });
const BEFORE_END_ELEMENT = css({ pe: 'calc(var(--input-height) - 0px)' });

const InputAddon = styled('span', inputAddon);
// An addon is attached to its input: one border between them, square where they meet.
const ADDON_AT_START = css({ borderEndRadius: '0!', marginEnd: '-1px' });
const AFTER_START_ADDON = css({ borderStartRadius: '0!' });

/**
 * Chakra's InputGroup with a `startElement` (an icon) or an `endElement` (a unit, « % ») drawn
 * inside the input's ends, or a `startAddon` (a word, « Du ») attached before it.
 */
export function InputGroup({
  startElement,
  endElement,
  startAddon,
  startAddonProps,
  children,
  ...props
}: Omit<React.ComponentProps<typeof Box>, 'children'> & {
  startElement?: ReactNode;
  endElement?: ReactNode;
  startAddon?: ReactNode;
  startAddonProps?: React.ComponentProps<typeof InputAddon>;
  children: ReactElement<{ className?: string }>;
}) {
  const child = Children.only(children);
  const childClass = cx(
    startElement ? AFTER_START_ELEMENT : undefined,
    endElement ? BEFORE_END_ELEMENT : undefined,
    startAddon ? AFTER_START_ADDON : undefined,
    child.props.className,
  );
  return (
    <Box
      display="inline-flex"
      position="relative"
      isolation="isolate"
      width="full"
      gap={startAddon ? '0' : '0.5rem'}
      {...props}
    >
      {startAddon ? (
        <InputAddon {...startAddonProps} className={cx(ADDON_AT_START, startAddonProps?.className)}>
          {startAddon}
        </InputAddon>
      ) : null}
      {startElement ? <div className={START_ELEMENT}>{startElement}</div> : null}
      {startElement || endElement || startAddon ? cloneElement(child, { className: childClass }) : child}
      {endElement ? <div className={END_ELEMENT}>{endElement}</div> : null}
    </Box>
  );
}
