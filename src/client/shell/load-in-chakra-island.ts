import type { ComponentType } from 'react';

/**
 * A lazily loaded view still drawn with Chakra, for a page drawn without it: Chakra's provider and
 * theme come with the view's code, not with the page. For `next/dynamic`, the view's own
 * `import()` written in the loader: `dynamic(() => loadInChakraIsland(import('./X').then((m) => m.X)))`.
 */
export async function loadInChakraIsland<P extends object>(
  view: Promise<ComponentType<P>>,
): Promise<ComponentType<P>> {
  const [{ inChakraIsland }, View] = await Promise.all([loadChakraIsland(), view]);
  return inChakraIsland(View);
}

/**
 * Chakra's provider and theme alone, through the one `import()` loadInChakraIsland uses: webpack
 * may put a module in other files for another `import()` of it, and the till's offline cache must
 * hold the very files its dialogs will ask for.
 */
export function loadChakraIsland() {
  return import('./chakra-island');
}
