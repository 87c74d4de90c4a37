import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import {
  pureAnatomies,
  pureRouterDeclarations,
  rendererTreeshake,
  sideEffectFreeHoist,
} from './scripts/vite/chakra-treeshake';
import { noChunkCycles } from './scripts/vite/chunk-cycles';
import { everyModulePathUsed, modulesAt } from './scripts/vite/module-paths';
import { clientContracts } from './scripts/vite/client-contracts';
import { chakraSystemInSteps } from './scripts/vite/chakra-system-steps';
import { lazyChakraGlobalStyles } from './scripts/vite/lazy-chakra-global';
import { precompress } from './scripts/vite/precompress';
import { MANIFEST, prerender } from './scripts/vite/prerender';
import { startupChunks } from './scripts/vite/startup-chunks';
import { lineIconNames } from './scripts/vite/line-icons.js';

const __dirname = fileURLToPath(new URL('.', import.meta.url));
const outDir = resolve(__dirname, 'dist-web');
const alias = { '@shared': resolve(__dirname, 'src/shared'), '@renderer': resolve(__dirname, 'src/renderer') };
/** main.tsx's start-up steps after the framework, in their order (performance rules 5 and 15). */
const startup = startupChunks({
  root: resolve(__dirname, 'src/renderer'),
  entry: 'main.tsx',
  steps: [
    { name: 'theme-config', module: 'shared/theme-config.ts' },
    { name: 'theme', module: 'shared/theme.ts' },
    { name: 'boot', module: 'start.tsx' },
  ],
});

/** Chakra's layout components and helpers that the pre-rendered public pages all render. */
const CHAKRA_FIRST_RENDER =
  /node_modules[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](?:utils[\\/]|styled-system[\\/]config\.js|components[\\/](?:button[\\/](?!close-button)|(?:box|center|container|flex|grid|simple-grid|heading|link|spinner|stack|text|badge|card|image|span|absolute-center|loader)[\\/]))/;

/**
 * The anatomies and the recipe that the theme's first-render recipes need and lazy pages use too: five
 * chunks of 0.1–1.6 KB, left to the bundler. Not in the theme's own chunk: Chakra's recipes, in a chunk
 * that `theme-config` imports, read them at their evaluation, and two chunks must not import each other.
 */
const THEME_ANATOMIES = modulesAt([
  'node_modules/@zag-js/anatomy/dist/create-anatomy.mjs',
  'node_modules/@zag-js/*/dist/{dialog,menu,select}.anatomy.mjs',
  'node_modules/@ark-ui/react/dist/components/*/{field,fieldset}.anatomy.js',
  'node_modules/@chakra-ui/react/dist/esm/anatomy.js',
  'node_modules/@chakra-ui/react/dist/esm/theme/recipes/badge.js',
]);

/**
 * What every page with a form draws besides the first-render `ui`: Chakra's field and input, Ark's
 * field and its runtime, Lucide's runtime (the forms' icons), the app's field and first-touch helpers. Left
 * to the bundler, eleven chunks of 0.1–6 KB that /login, /contact and /reservation all load.
 */
const FORM_UI = modulesAt([
  'node_modules/@ark-ui/react/dist/utils/{create-split-props,create-context,compose-refs,use-safe-layout-effect}.js',
  'node_modules/@ark-ui/react/dist/providers/environment/use-environment-context.js',
  'node_modules/@ark-ui/react/dist/components/factory.js',
  'node_modules/@ark-ui/react/dist/_virtual/_rolldown/runtime.js',
  'node_modules/@ark-ui/react/dist/components/field/{field,field-*,use-field*}.js',
  'node_modules/@ark-ui/react/dist/components/fieldset/use-fieldset-context.js',
  'node_modules/@zag-js/dom-query/dist/{node,computed-style}.mjs',
  'node_modules/@zag-js/utils/dist/{guard,functions}.mjs',
  'node_modules/@zag-js/core/dist/merge-props.mjs',
  'node_modules/@zag-js/auto-resize/dist/autoresize-textarea.mjs',
  'node_modules/@chakra-ui/react/dist/esm/components/{field/field,input/input,icon/icon,icon/create-icon}.js',
  'node_modules/lucide-react/dist/esm/{shared/src/*/*,context,Icon,createLucideIcon}.mjs',
  'src/renderer/shared/ui/{form-field.tsx,first-touch.ts}',
]);

/** The Lucide modules whose drawings LineIcon draws (src/renderer/lucide-icon-data.d.ts). */
const LINE_ICON_MODULES = new RegExp(
  `node_modules[\\\\/]lucide-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/](?:${lineIconNames().join('|')})\\.mjs$`,
);

/**
 * The renderer as a plain web bundle, served by the API server from dist-web/: the public pages
 * pre-rendered, every text file also written as .br and .gz (docs/decisions.md, "Performance").
 */
export default defineConfig({
  root: resolve(__dirname, 'src/renderer'),
  publicDir: resolve(__dirname, 'src/renderer/public'),
  plugins: [
    react(),
    clientContracts(),
    lazyChakraGlobalStyles(),
    chakraSystemInSteps(),
    pureAnatomies(),
    pureRouterDeclarations(),
    sideEffectFreeHoist(),
    startup.plugin,
    prerender({
      root: resolve(__dirname, 'src/renderer'),
      entry: resolve(__dirname, 'src/renderer/prerender.tsx'),
      alias,
    }),
    precompress(),
    // Before the cycles' check: a path that names no module is the likelier cause of a cycle.
    everyModulePathUsed({ anatomies: THEME_ANATOMIES, 'form-ui': FORM_UI }),
    noChunkCycles(),
  ],
  resolve: { alias },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // No modulepreload polyfill in every page's entry: the browsers the park serves preload modules
    // themselves, and one without it (Safari before 17) fetches them as the imports ask, one step
    // later (docs/decisions.md, performance rule 7).
    modulePreload: { polyfill: false, resolveDependencies: startup.resolveDependencies },
    // Read by the pre-rendering to name each page's route chunks, then removed (scripts/vite/prerender.ts).
    manifest: MANIFEST,
    rolldownOptions: {
      treeshake: rendererTreeshake,
      output: {
        // One long-cached vendor chunk for the framework; Chakra splits per route (STACK.md), except
        // the layout components and helpers every public page draws, in one `ui` chunk instead of
        // twenty of a few hundred bytes (docs/decisions.md, performance rule 5).
        codeSplitting: {
          groups: [
            { name: 'ui', test: CHAKRA_FIRST_RENDER },
            // The drawings LineIcon draws, in one small chunk instead of one per page that shares them.
            { name: 'line-icons', test: LINE_ICON_MODULES, includeDependenciesRecursively: false },
            {
              name: 'vendor',
              // The mutation hooks go with the pages that send forms, not in the first render.
              test: /node_modules[\\/](?:(?:react|react-dom|react-router|react-router-dom|scheduler)[\\/]|@tanstack[\\/](?!(?:react-query|query-core)[\\/]build[\\/]modern[\\/](?:useMutation|useMutationState|mutationObserver)\.js))/,
            },
            // What the entry imports itself: Vite's preload helper and the pause between start-up steps.
            {
              name: 'entry-helpers',
              test: /^\0vite[\\/]preload-helper|src[\\/]renderer[\\/]shared[\\/]yield-to-browser\.ts$/,
              includeDependenciesRecursively: false,
            },
            { name: 'anatomies', test: THEME_ANATOMIES.test, includeDependenciesRecursively: false },
            ...startup.groups,
            { name: 'form-ui', test: FORM_UI.test, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8787', '/uploads': 'http://127.0.0.1:8787' } },
});
