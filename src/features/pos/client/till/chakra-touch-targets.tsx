import { Box } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { touchTargetCss } from './touch-targets';

/**
 * A till view still drawn with Chakra, with the till's touch targets in Chakra's own styles: the
 * class the till's root carries is Panda's, in a cascade layer, which Chakra's unlayered sizes (an
 * icon button's `minW`) would beat. `display: contents` adds no box to the layout.
 */
export function withTouchTargets<P extends object>(View: ComponentType<P>) {
  function WithTouchTargets(props: P) {
    return (
      <Box display="contents" css={touchTargetCss}>
        <View {...props} />
      </Box>
    );
  }
  WithTouchTargets.displayName = `WithTouchTargets(${View.displayName ?? View.name})`;
  return WithTouchTargets;
}
