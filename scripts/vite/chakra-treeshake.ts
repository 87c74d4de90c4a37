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
  manualPureFunctions: ['defineConfig', 'defineRecipe', 'defineSlotRecipe', 'createAnatomy', 'createLucideIcon'],
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

const ROUTER_MODULE = /node_modules[\\/]react-router[\\/]dist[\\/][^\\/]+[\\/]chunk-[^\\/]+\.mjs$/;

/**
 * react-router declares its components as `var Form = React.forwardRef(…)` followed by
 * `Form.displayName = "Form"`: to the bundler both are side effects, so every component and hook
 * the package defines stayed in the first render, whether the app uses it or not (`<Form>`,
 * `useSubmit`, fetchers…). The renderer's builds mark the declarations pure and drop the
 * DevTools names, so that only what the app uses is kept (docs/decisions.md, performance rule 3).
 */
export function pureRouterDeclarations(): Plugin {
  return {
    name: 'parc:pure-router-declarations',
    apply: 'build',
    transform(code, id) {
      if (!ROUTER_MODULE.test(id.split('?')[0]!)) return null;
      return {
        code: code
          .replace(/=\s*(React\d*)\.(forwardRef|createContext)\(/g, '= /* @__PURE__ */ $1.$2(')
          .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, ''),
        map: null,
      };
    },
  };
}

const HOIST_MODULE = /node_modules[\\/]hoist-non-react-statics[\\/]/;

/**
 * @emotion/react imports 'hoist-non-react-statics' for its side effects only (`import '…'`), and
 * that CommonJS package declares none, so the bundler kept it and react-is in the first render
 * (1.1 KiB gzip) for `withTheme`, which the app never calls. It only defines a function: the
 * renderer's builds declare it free of side effects (docs/decisions.md, performance rule 3).
 */
export function sideEffectFreeHoist(): Plugin {
  return {
    name: 'parc:side-effect-free-hoist',
    apply: 'build',
    transform(code, id) {
      if (!HOIST_MODULE.test(id.split('?')[0]!)) return null;
      return { code, map: null, moduleSideEffects: false };
    },
  };
}
