import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * The park's theme: forest green for actions, warm orange for highlights, Nunito for titles
 * and Inter for text (both shipped with the bundle, no font CDN). The shades used for text
 * and solid buttons keep a contrast of at least 4.5:1 (WCAG AA).
 */
const config = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#eef7ee' },
          100: { value: '#d5ebd6' },
          200: { value: '#acd6ae' },
          300: { value: '#7dbd82' },
          400: { value: '#4f9f57' },
          500: { value: '#35833e' },
          600: { value: '#2a6a32' },
          700: { value: '#215428' },
          800: { value: '#1a421f' },
          900: { value: '#123017' },
          950: { value: '#0b1e0e' },
        },
        accent: {
          50: { value: '#fff7ed' },
          100: { value: '#ffedd5' },
          200: { value: '#fed7aa' },
          300: { value: '#fdba74' },
          400: { value: '#fb923c' },
          500: { value: '#f97316' },
          600: { value: '#c2410c' },
          700: { value: '#9a3412' },
          800: { value: '#7c2d12' },
          900: { value: '#431407' },
          950: { value: '#2a0c04' },
        },
      },
      fonts: {
        heading: { value: "'Nunito', 'Segoe UI', system-ui, sans-serif" },
        body: { value: "'Inter Variable', 'Segoe UI', system-ui, sans-serif" },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's default red.500 error text reaches only 3.76:1 on white (axe color-contrast).
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } } },
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.600}' },
        },
        accent: {
          solid: { value: '{colors.accent.600}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.accent.700}', _dark: '{colors.accent.300}' } },
          muted: { value: '{colors.accent.100}' },
          subtle: { value: '{colors.accent.50}' },
          emphasized: { value: '{colors.accent.200}' },
          focusRing: { value: '{colors.accent.600}' },
        },
      },
    },
  },
  globalCss: {
    'html, body': { minHeight: '100%' },
    body: { bg: 'bg', color: 'fg' },
    '.skip-link': {
      position: 'absolute',
      left: '2',
      top: '-20',
      zIndex: 'skipLink',
      bg: 'brand.solid',
      color: 'brand.contrast',
      px: '4',
      py: '2',
      rounded: 'md',
      fontWeight: 'semibold',
    },
    '.skip-link:focus': { top: '2' },
    // Touch screens (kiosk, phones): no 300 ms tap delay, no accidental double-tap zoom.
    'a, button, [role=button], input, select, textarea': { touchAction: 'manipulation' },
  },
});

export const system = createSystem(defaultConfig, config);
