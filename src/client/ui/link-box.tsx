import { ark } from '@ark-ui/react/factory';
import type { ComponentProps } from 'react';
import { cx } from '../../../styled-system/css';
import { styled } from '../../../styled-system/jsx';

/*
 * Chakra's LinkBox and LinkOverlay: the overlay link (the row's name) stretches over the whole box,
 * and the box's other links stay above it. The class names are Chakra's, which the lists' cards
 * name in their own rules. `asChild` puts the overlay on its child (Next's link).
 */
const StyledBox = styled('div', {
  base: {
    position: 'relative',
    '& a[href]:not(.chakra-linkbox__overlay), abbr[title]': { position: 'relative', zIndex: 1 },
  },
});

const StyledOverlay = styled(ark.a, {
  base: {
    position: 'static',
    '&::before': {
      content: "''",
      cursor: 'inherit',
      display: 'block',
      position: 'absolute',
      top: 0,
      left: 0,
      zIndex: 0,
      width: '100%',
      height: '100%',
    },
  },
});

export function LinkBox({ className, ...props }: ComponentProps<typeof StyledBox>) {
  return <StyledBox className={cx('chakra-linkbox', className)} {...props} />;
}

export function LinkOverlay({ className, ...props }: ComponentProps<typeof StyledOverlay>) {
  return <StyledOverlay className={cx('chakra-linkbox__overlay', className)} {...props} />;
}
