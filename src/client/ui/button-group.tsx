import { styled } from '../../../styled-system/jsx';

/**
 * Chakra's ButtonGroup, drawn in a row: `attached` joins its buttons into one bar (the inner corners
 * squared, the borders overlapping). Its buttons take their own `size` and `variant`.
 */
export const ButtonGroup = styled('div', {
  base: {
    display: 'inline-flex',
    flexDirection: 'row',
    alignItems: 'center',
    gap: '2',
    isolation: 'isolate',
    position: 'relative',
    '& > *': { _focusVisible: { zIndex: 1 } },
  },
  variants: {
    attached: {
      true: {
        gap: '0',
        '& > *:not(:last-child)': { borderEndRadius: '0', marginEnd: '-1px' },
        '& > *:not(:first-child)': { borderStartRadius: '0' },
      },
    },
  },
});
