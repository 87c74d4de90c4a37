import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  semanticTokens,
  spinnerRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's theme with only the recipes the public pages render at first (performance rule 3): the default
 * theme ships the styles of 80 components in the entry chunk. A component shown only on lazily
 * loaded pages (dashboard, booking detail, back office, dialogs, menus, toasts…) gets its recipe
 * where it is rendered instead, so the recipe loads with that page: `<Tabs.Root
 * recipe={tabsSlotRecipe}>` (a slot recipe on its Root only: the parts read the Root's styles),
 * `<Code recipe={codeRecipe}>`, recipes imported from '@chakra-ui/react/theme' (docs/decisions.md,
 * "Performance"). A component whose recipe is in neither place renders UNSTYLED without any
 * warning: tests/unit/renderer/chakra-system.test.tsx fails until it has one or the other.
 */
type TokenTree = { [key: string]: TokenTree | unknown };

/**
 * Chakra's semantic tokens with their light value only: the interface has no dark mode (nothing
 * sets the `dark` class), and each `_dark` value put a `.dark` rule of 7 KB in every page's <head>
 * for nothing (docs/decisions.md, performance rule 17).
 */
function lightOnly(tree: TokenTree): TokenTree {
  return Object.fromEntries(
    Object.entries(tree).map(([key, node]) => {
      if (!node || typeof node !== 'object') return [key, node];
      const value = (node as { value?: unknown }).value;
      if (value && typeof value === 'object' && '_light' in value)
        return [key, { ...node, value: (value as { _light: unknown })._light }];
      if ('value' in node) return [key, node];
      return [key, lightOnly(node as TokenTree)];
    }),
  );
}

/**
 * Chakra's colour palettes the interface uses: `colorPalette` props, the status badges' and
 * alerts' palettes, tokens such as `red.700`. Chakra's other palettes (teal, cyan, pink) are left
 * out: each wrote 18 CSS variables into every page's <head> and cost the system's creation time
 * for nothing (docs/decisions.md, performance rules 15 and 17). A palette not listed here renders
 * without colours: tests/unit/renderer/chakra-system.test.tsx reads the renderer's sources and
 * fails until every palette they name is listed.
 */
export const COLOR_PALETTES = ['gray', 'red', 'orange', 'yellow', 'green', 'blue', 'purple'];

/** Drops the palettes of Chakra's that are not in COLOR_PALETTES (black, white, bg, fg… stay). */
function usedPalettesOnly<T extends object>(colors: T): T {
  const chakraPalettes = Object.entries(semanticTokens.colors)
    .filter(([, group]) => 'solid' in group)
    .map(([name]) => name);
  const unused = new Set(chakraPalettes.filter((name) => !COLOR_PALETTES.includes(name)));
  return Object.fromEntries(Object.entries(colors).filter(([name]) => !unused.has(name))) as T;
}

const slimChakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: usedPalettesOnly(tokens.colors) },
    semanticTokens: lightOnly({
      ...semanticTokens,
      colors: usedPalettesOnly(semanticTokens.colors),
    }) as typeof semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
    },
  },
});

/**
 * The semantic colours a `colorPalette` reads (solid buttons, subtle badges, focus rings) for one
 * of the park's two scales: the same shades for both, chosen so that text on `solid` and `fg` on
 * white keep a contrast of at least 4.5:1.
 */
function paletteRoles(scale: 'brand' | 'accent') {
  const shade = (step: number) => ({ value: `{colors.${scale}.${step}}` });
  return {
    solid: shade(600),
    contrast: { value: 'white' },
    fg: shade(700),
    muted: shade(100),
    subtle: shade(50),
    emphasized: shade(200),
    focusRing: shade(600),
  };
}

/**
 * The park's theme: forest green for actions, warm orange for highlights, Inter for titles and
 * text (one family shipped with the bundle, no font CDN: shared/fonts.css). The shades used for text
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
        heading: { value: "'Inter Variable', 'Inter Fallback', 'Segoe UI', system-ui, sans-serif" },
        body: { value: "'Inter Variable', 'Inter Fallback', 'Segoe UI', system-ui, sans-serif" },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's default red.500 error text reaches only 3.76:1 on white (axe color-contrast).
        fg: { error: { value: '{colors.red.700}' } },
        brand: paletteRoles('brand'),
        accent: paletteRoles('accent'),
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
    // A pre-rendered page's controls are disabled only until hydration (root-layout.tsx): they
    // keep their enabled look meanwhile, so nothing flickers (and contrast stays AA). Global styles
    // sit in a lower cascade layer than the recipes' `_disabled`: only !important wins across it.
    // The elements that can be disabled named by their tags, not by `:disabled`: with a state in its
    // descendant part the rule made the browser restyle the whole page when hydration removes the
    // attribute, one long task on every page; named, only they are restyled (performance rule 15).
    'fieldset[data-hydrating] :is(input, button, select, textarea, fieldset, optgroup, option)': {
      opacity: '1 !important',
      cursor: 'progress !important',
    },
    // Touch screens (kiosk, phones): no 300 ms tap delay, no accidental double-tap zoom.
    'a, button, [role=button], input, select, textarea': { touchAction: 'manipulation' },
  },
});

export const parkThemeConfig = config;

/** What the app's system is made of: the same objects at every step (`appSystemSteps`). */
const appConfigs = [defaultBaseConfig, slimChakraTheme, config] as const;

/**
 * A new system, with empty style caches. Chakra memoises each style object's CSS under a key that
 * ignores the order of its properties, and keeps the first order it met: a system that rendered
 * other pages first can write `{font-size; color}` where a fresh one writes `{color; font-size}`,
 * a different emotion class. So each pre-rendered page gets a system of its own, as fresh as the
 * browser's when it hydrates that page (src/renderer/prerender.tsx, docs/decisions.md, performance rule 6).
 */
export const createAppSystem = () => createSystem(...appConfigs);

/** The steps the web build adds to Chakra's `createSystem` (scripts/vite/chakra-system-steps.ts). */
type SystemInSteps = typeof createSystem & {
  prepareConfig?: (...configs: typeof appConfigs) => void;
  prepareTokens?: (...configs: typeof appConfigs) => void;
};

/**
 * The first parts of the app system's creation, each for a task of its own before `createAppSystem`
 * (main.tsx), which then does only the rest (docs/decisions.md, performance rule 15). Where the
 * build did not add them (the desktop app, tests), they do nothing and `createAppSystem` does all.
 */
export const appSystemSteps: (() => void)[] = [
  () => (createSystem as SystemInSteps).prepareConfig?.(...appConfigs),
  () => (createSystem as SystemInSteps).prepareTokens?.(...appConfigs),
];
