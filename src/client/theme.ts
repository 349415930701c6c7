import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** Brand colours are the five circles of the logo; `brand` (the orange) leads. */
export const LOGO_COLORS = ['#E8590C', '#F5B700', '#2F9E44', '#1C7ED6', '#C2255C'] as const;

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
  },
});

export const system = createSystem(defaultConfig, config);
