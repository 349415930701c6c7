import type { ComponentType } from 'react';

/**
 * A lazily loaded view still drawn with Chakra, for a page drawn without it: Chakra's provider and
 * theme come with the view's code, not with the page. For `next/dynamic`, the view's own
 * `import()` written in the loader: `dynamic(() => loadInChakraIsland(import('./X').then((m) => m.X)))`.
 */
export async function loadInChakraIsland<P extends object>(
  view: Promise<ComponentType<P>>,
): Promise<ComponentType<P>> {
  const [{ inChakraIsland }, View] = await Promise.all([import('./chakra-island'), view]);
  return inChakraIsland(View);
}
