import { defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
// Chakra's theme read piece by piece from its own files (`@chakra-theme`, an alias of its dist/esm/theme
// in next.config.mjs, tsconfig.json and vitest.config.ts; Panda's config loader finds the files through
// tsconfig.json's second path): its index builds the whole default theme, every recipe in it, in a
// statement the bundler cannot drop.
import { alertSlotRecipe } from '@chakra-theme/recipes/alert';
import { avatarSlotRecipe } from '@chakra-theme/recipes/avatar';
import { badgeRecipe } from '@chakra-theme/recipes/badge';
import { buttonRecipe } from '@chakra-theme/recipes/button';
import { cardSlotRecipe } from '@chakra-theme/recipes/card';
import { checkboxSlotRecipe } from '@chakra-theme/recipes/checkbox';
import { checkmarkRecipe } from '@chakra-theme/recipes/checkmark';
import { codeRecipe } from '@chakra-theme/recipes/code';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { drawerSlotRecipe } from '@chakra-theme/recipes/drawer';
import { emptyStateSlotRecipe } from '@chakra-theme/recipes/empty-state';
import { fieldSlotRecipe } from '@chakra-theme/recipes/field';
import { headingRecipe } from '@chakra-theme/recipes/heading';
import { iconRecipe } from '@chakra-theme/recipes/icon';
import { inputAddonRecipe } from '@chakra-theme/recipes/input-addon';
import { inputRecipe } from '@chakra-theme/recipes/input';
import { linkRecipe } from '@chakra-theme/recipes/link';
import { listSlotRecipe } from '@chakra-theme/recipes/list';
import { menuSlotRecipe } from '@chakra-theme/recipes/menu';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { popoverSlotRecipe } from '@chakra-theme/recipes/popover';
import { progressSlotRecipe } from '@chakra-theme/recipes/progress';
import { radioCardSlotRecipe } from '@chakra-theme/recipes/radio-card';
import { radioGroupSlotRecipe } from '@chakra-theme/recipes/radio-group';
import { radiomarkRecipe } from '@chakra-theme/recipes/radiomark';
import { segmentGroupSlotRecipe } from '@chakra-theme/recipes/segment-group';
import { separatorRecipe } from '@chakra-theme/recipes/separator';
import { skeletonRecipe } from '@chakra-theme/recipes/skeleton';
import { spinnerRecipe } from '@chakra-theme/recipes/spinner';
import { switchSlotRecipe } from '@chakra-theme/recipes/switch';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { tabsSlotRecipe } from '@chakra-theme/recipes/tabs';
import { tagSlotRecipe } from '@chakra-theme/recipes/tag';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import { toastSlotRecipe } from '@chakra-theme/recipes/toast';
import { animations } from '@chakra-theme/tokens/animations';
import { aspectRatios } from '@chakra-theme/tokens/aspect-ratios';
import { blurs } from '@chakra-theme/tokens/blurs';
import { borders } from '@chakra-theme/tokens/borders';
import { colors as tokenColors } from '@chakra-theme/tokens/colors';
import { cursor } from '@chakra-theme/tokens/cursor';
import { durations } from '@chakra-theme/tokens/durations';
import { easings } from '@chakra-theme/tokens/easings';
import { fontSizes } from '@chakra-theme/tokens/font-sizes';
import { fontWeights } from '@chakra-theme/tokens/font-weights';
import { fonts as tokenFonts } from '@chakra-theme/tokens/fonts';
import { keyframes } from '@chakra-theme/tokens/keyframes';
import { letterSpacings } from '@chakra-theme/tokens/letter-spacing';
import { lineHeights } from '@chakra-theme/tokens/line-heights';
import { radii as tokenRadii } from '@chakra-theme/tokens/radius';
import { sizes } from '@chakra-theme/tokens/sizes';
import { spacing } from '@chakra-theme/tokens/spacing';
import { zIndices } from '@chakra-theme/tokens/z-indices';
import { semanticColors } from '@chakra-theme/semantic-tokens/colors';
import { semanticRadii } from '@chakra-theme/semantic-tokens/radii';
import { semanticShadows } from '@chakra-theme/semantic-tokens/shadows';
import { breakpoints } from '@chakra-theme/breakpoints';
import { globalCss } from '@chakra-theme/global-css';
import { layerStyles } from '@chakra-theme/layer-styles';
import { animationStyles } from '@chakra-theme/motion-styles';
import { textStyles } from '@chakra-theme/text-styles';

const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg.muted', color: 'fg' },
    // Focus rings and other palette-driven accents follow the brand, not grey.
    html: { colorPalette: 'brand' },
    // Printed pages (labels, invoices) carry only their content: no top bar, side menu or banners.
    'header, aside, [data-banner], [data-print-hide]': { '@media print': { display: 'none !important' } },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: "'Inter', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
        body: { value: "'Inter', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
      },
      colors: {
        brand: {
          50: { value: '#FFF4E6' },
          100: { value: '#FFE8CC' },
          200: { value: '#FFD8A8' },
          300: { value: '#FFC078' },
          400: { value: '#FFA94D' },
          500: { value: '#FD7E14' },
          600: { value: '#E8590C' },
          700: { value: '#C2410C' },
          800: { value: '#9A3412' },
          900: { value: '#7C2D12' },
          950: { value: '#431407' },
        },
      },
    },
    semanticTokens: {
      colors: {
        // Text in these tones stays readable (WCAG AA, 4.5:1) on white and on the grey background:
        // the defaults (red.500, green.600, orange.500) are not.
        fg: {
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
        },
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.800}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
    recipes: {
      button: {
        variants: {
          variant: {
            // Chakra lightens a hovered solid button (its colour at 90 %): white on the brand's
            // orange then falls to 4.42:1. A darker shade (the palette's text tone: brand.800,
            // red.700…) keeps the hovered and opened states above 4.5:1.
            solid: { _hover: { bg: 'colorPalette.fg' }, _expanded: { bg: 'colorPalette.fg' } },
          },
        },
      },
    },
  },
});

/*
 * Chakra's default theme with the recipes of the components this app uses, and no others: the
 * full set (a hundred components' styles) was half of every page's shared JavaScript. A component
 * whose recipe is missing draws unstyled, so a component newly used needs its recipe here; the
 * unit test `theme-recipes` checks every Chakra component imported under src/ has its own.
 */
const themeWithUsedRecipes = defineConfig({
  preflight: true,
  // As Chakra's default theme names them.
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      aspectRatios,
      animations,
      blurs,
      borders,
      colors: tokenColors,
      durations,
      easings,
      fonts: tokenFonts,
      fontSizes,
      fontWeights,
      letterSpacings,
      lineHeights,
      radii: tokenRadii,
      spacing,
      sizes,
      zIndex: zIndices,
      cursor,
    },
    semanticTokens: { colors: semanticColors, shadows: semanticShadows, radii: semanticRadii },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      radioCard: radioCardSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      segmentGroup: segmentGroupSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tag: tagSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

/**
 * The whole theme: Chakra's base (conditions, utilities), the tokens and recipes above, and ours.
 * Chakra's runtime is built from it (./theme.ts), and so is Panda's CSS, at build time
 * (panda.config.ts), for the pages drawn with `@/client/ui`.
 */
export const themeConfig = mergeConfigs(defaultBaseConfig, themeWithUsedRecipes, config);
