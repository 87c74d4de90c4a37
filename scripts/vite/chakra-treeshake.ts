import type { Plugin } from 'vite';

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

const ANATOMY_MODULE =
  /node_modules[\\/](?:@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]anatomy\.js|@ark-ui[\\/]react[\\/]dist[\\/]components[\\/][^\\/]+[\\/][^\\/]+\.anatomy\.js|@zag-js[\\/][^\\/]+[\\/]dist[\\/][^\\/]+\.anatomy\.mjs)$/;
const ANATOMY_CALL = /=\s*([A-Za-z_$][\w$]*)\.(extendWith|build|rename)\(/g;

/**
 * The anatomies' own calls (`anatomy.extendWith('x')`, `anatomy.build()`, `.rename()`) only build
 * an object too, but the bundler cannot know it from a method call: without this mark every
 * anatomy Chakra declares stayed in the first render, 27 of them for components the app never
 * renders or renders only on lazily loaded pages (docs/decisions.md, performance rule 3). The
 * renderer's builds mark them pure, as `createAnatomy` above.
 */
export function pureAnatomies(): Plugin {
  return {
    name: 'parc:pure-anatomies',
    apply: 'build',
    transform(code, id) {
      if (!ANATOMY_MODULE.test(id.split('?')[0]!)) return null;
      return { code: code.replace(ANATOMY_CALL, '= /* @__PURE__ */ $1.$2('), map: null };
    },
  };
}
