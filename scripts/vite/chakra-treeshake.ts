/**
 * The renderer's tree-shaking options (both builds: vite.web.config.ts, electron.vite.config.ts).
 * Lazily loaded pages import their Chakra recipes from '@chakra-ui/react/theme' (docs/decisions.md,
 * "Performance"). Once that module is shared by several chunks, the bundler keeps its unused
 * `defaultThemeConfig = defineConfig({ recipes, slotRecipes, … })`, and with it the recipes of all
 * 80 Chakra components in the entry chunk (+7 KiB gzip). These helpers only return their argument.
 * Zag's `createAnatomy` only builds an object: the anatomies of components the app never renders
 * (color picker, date picker…) go too (−0.3 KiB gzip on every page).
 */
export const rendererTreeshake = {
  manualPureFunctions: ['defineConfig', 'defineRecipe', 'defineSlotRecipe', 'createAnatomy'],
};
