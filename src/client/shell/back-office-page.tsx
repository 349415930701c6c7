import type { ComponentType } from 'react';
import { ChakraIsland } from './chakra-island';
import { uiBackOfficePage } from './shell-page';

export type { PageShell } from './shell-page';

/** A back-office page whose screen is still drawn with Chakra: in Chakra's provider (see shell-page.tsx). */
export function backOfficePage<P extends object>(Screen: ComponentType<P>) {
  function ChakraScreen(props: P) {
    return (
      <ChakraIsland>
        <Screen {...props} />
      </ChakraIsland>
    );
  }
  ChakraScreen.displayName = Screen.displayName ?? Screen.name;
  return uiBackOfficePage(ChakraScreen);
}
