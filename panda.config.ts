import { defineConfig, type Config } from '@pandacss/dev';
import pandaBase from '@pandacss/preset-base';
import { themeConfig } from './src/client/theme-config';

/*
 * Panda builds, at build time, the CSS of the pages drawn with `@/client/ui` (issue 20: Chakra's
 * style runtime, Emotion and its recipes in every page's JavaScript, is what keeps the back office
 * above 200 KB). It reads the same theme Chakra runs on (src/client/theme-config.ts), so a page
 * looks the same drawn either way while the pages move over one by one.
 */
// Chakra's config types are its own; the shapes are Panda's (Chakra's style engine came from it).
type ChakraAsPanda = Required<Pick<Config, 'conditions' | 'utilities' | 'globalCss' | 'theme'>>;
const { conditions, utilities, globalCss, theme } = themeConfig as unknown as ChakraAsPanda;
// « switch » is a reserved word: Panda's module for the recipe could not be exported under it.
const { switch: switchRecipe, ...slotRecipes } = theme.slotRecipes ?? {};

export default defineConfig({
  preflight: true,
  // Chakra's dark shadows name « {black/64} », which Panda's check reports on every build though it
  // writes them right (the app has no dark mode).
  validation: 'none',
  jsxFramework: 'react',
  outdir: 'styled-system',
  // The files drawn with `@/client/ui` (and only they: Chakra's props elsewhere would be written too).
  include: [
    './src/client/ui/**/*.{ts,tsx}',
    './src/pages/404.tsx',
    './src/client/shell/{AppShell,Header,Sidebar,ShellBanners,toaster-view}.tsx',
    './src/features/home/client/**/*.tsx',
    './src/features/notification/client/NotificationBell.tsx',
    './src/features/subscription/client/components/PlanUsage.tsx',
  ],
  // Chakra's theme is the whole preset: Panda's own tokens and utilities stay out.
  presets: [],
  // Stack, HStack, Flex, Grid… as Panda writes them (Chakra's come from its React components).
  patterns: pandaBase.patterns,
  // What the source names only through a value computed at run time: a banner's or a role's colour
  // (shared/banners.ts, shared/roles.ts), a banner's status, whether a skeleton is loading.
  staticCss: {
    css: [
      {
        properties: { colorPalette: ['gray', 'red', 'orange', 'yellow', 'green', 'blue', 'purple', 'brand'] },
      },
    ],
    recipes: { alert: [{ status: ['*'] }], skeleton: [{ loading: ['true', 'false'] }] },
  },
  conditions,
  utilities,
  globalCss,
  theme: {
    ...theme,
    // Panda writes a recipe's variants for the tags named as the recipe: IconButton and CloseButton
    // are buttons too.
    recipes: {
      ...theme.recipes,
      button: { ...theme.recipes!.button!, jsx: ['Button', 'IconButton', 'CloseButton'] },
    },
    slotRecipes: { ...slotRecipes, switchControl: { ...switchRecipe!, jsx: ['Switch.Root'] } },
  },
});
