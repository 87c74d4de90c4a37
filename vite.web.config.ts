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
import { lazyChakraGlobalStyles } from './scripts/vite/lazy-chakra-global';
import { precompress } from './scripts/vite/precompress';
import { MANIFEST, prerender } from './scripts/vite/prerender';
import { startupChunks } from './scripts/vite/startup-chunks';
import { areaChunks } from './scripts/vite/area-chunks';
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

/** The Lucide modules whose drawings LineIcon draws (src/renderer/lucide-icon-data.d.ts). */
const LINE_ICON_MODULES = new RegExp(
  `node_modules[\\\\/]lucide-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/](?:${lineIconNames().join('|')})\\.mjs$`,
);

/** The framework, in one long-cached chunk; the mutation hooks go with the pages that send forms. */
const VENDOR =
  /node_modules[\\/](?:(?:react|react-dom|react-router|react-router-dom|scheduler)[\\/]|@tanstack[\\/](?!(?:react-query|query-core)[\\/]build[\\/]modern[\\/](?:useMutation|useMutationState|mutationObserver)\.js))/;

/** The customer's signed-in pages in a few chunks rather than eighty (performance rule 21). */
const customerArea = areaChunks({
  root: resolve(__dirname, 'src/renderer'),
  routes: [
    { name: 'dashboard-page', module: 'app/dashboard-route.tsx' },
    { name: 'booking-detail-page', module: 'app/booking-detail-route.tsx' },
  ],
  shared: 'customer-area',
  data: {
    name: 'customer-data',
    modules: [
      'features/dashboard/api/get-booking-requests.ts',
      'features/invitation/api/get-invitations.ts',
      'features/booking-detail/api/get-booking-detail.ts',
    ],
  },
  startup: ['main.tsx', 'shared/theme-config.ts', 'shared/theme.ts', 'start.tsx'],
  publicRoutes: [
    'features/home/home-page.tsx',
    'features/booking-wizard/booking-wizard-page.tsx',
    'features/contact/contact-page.tsx',
    'features/auth/login-page.tsx',
    'features/auth/register-page.tsx',
    'features/legal/legal-notice-page.tsx',
    'features/legal/terms-of-sale-page.tsx',
    'features/legal/terms-of-use-page.tsx',
    'features/legal/privacy-page.tsx',
  ],
  taken: (id) => CHAKRA_FIRST_RENDER.test(id) || LINE_ICON_MODULES.test(id) || VENDOR.test(id),
});

/**
 * The renderer as a plain web bundle, served by the API server from dist-web/: the public pages
 * pre-rendered, every text file also written as .br and .gz (issue 12, docs/decisions.md).
 */
export default defineConfig({
  root: resolve(__dirname, 'src/renderer'),
  publicDir: resolve(__dirname, 'src/renderer/public'),
  plugins: [
    react(),
    lazyChakraGlobalStyles(),
    pureAnatomies(),
    pureRouterDeclarations(),
    sideEffectFreeHoist(),
    startup.plugin,
    customerArea.plugin,
    prerender({
      root: resolve(__dirname, 'src/renderer'),
      entry: resolve(__dirname, 'src/renderer/prerender.tsx'),
      alias,
    }),
    precompress(),
  ],
  resolve: { alias },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    modulePreload: { resolveDependencies: startup.resolveDependencies },
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
            { name: 'vendor', test: VENDOR },
            ...startup.groups,
            ...customerArea.groups,
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8787', '/uploads': 'http://127.0.0.1:8787' } },
});
