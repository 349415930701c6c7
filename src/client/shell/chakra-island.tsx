import { ChakraProvider } from '@chakra-ui/react';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { system } from '../theme';

const InsideChakra = createContext(false);

/**
 * Chakra's theme for what is drawn with Chakra (issue 20: a page drawn with `@/client/ui` loads
 * neither Chakra nor its theme). A page still on Chakra is drawn in one (`backOfficePage`); a popup,
 * drawer or dialog still on Chakra that a page without it opens brings its own, loaded with the
 * popup's code. Inside another, it adds nothing.
 */
export function ChakraIsland({ children }: { children: ReactNode }) {
  if (useContext(InsideChakra)) return children;
  return (
    <InsideChakra.Provider value>
      <ChakraProvider value={system}>{children}</ChakraProvider>
    </InsideChakra.Provider>
  );
}

/** `View` drawn in a ChakraIsland: for a lazily loaded popup still drawn with Chakra. */
export function inChakraIsland<P extends object>(View: ComponentType<P>) {
  function InIsland(props: P) {
    return (
      <ChakraIsland>
        <View {...props} />
      </ChakraIsland>
    );
  }
  InIsland.displayName = `InChakraIsland(${View.displayName ?? View.name})`;
  return InIsland;
}
