import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import {
  pureAnatomies,
  pureRouterDeclarations,
  rendererTreeshake,
  sideEffectFreeHoist,
} from './scripts/vite/chakra-treeshake';

const root = fileURLToPath(new URL('.', import.meta.url));
const shared = resolve(root, 'src/shared');
const renderer = resolve(root, 'src/renderer');

/**
 * electron-vite forces `base: './'` in production (made for file://). The renderer is served at the
 * root of app://parc instead, and a reload on a client route (app://parc/reservation/…) needs
 * root-absolute asset URLs. A normal plugin's config hook runs after electron-vite's 'pre' preset.
 */
const appSchemeBase: Plugin = { name: 'parc:app-scheme-base', config: () => ({ base: '/' }) };

export default defineConfig({
  main: {
    resolve: { alias: { '@shared': shared } },
    build: {
      outDir: 'out/main',
      // The installer carries no node_modules (scripts/desktop-app.mjs): what main imports (qrcode,
      // zod) is bundled into out/main; only electron and Node's own modules stay imports.
      externalizeDeps: false,
      rolldownOptions: { input: { index: resolve(root, 'src/main/index.ts') } },
    },
  },
  preload: {
    resolve: { alias: { '@shared': shared } },
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can require nothing but 'electron': anything else it imports is bundled
      // into one CommonJS file (with "type": "module" electron-vite would otherwise emit index.mjs).
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: renderer,
    resolve: { alias: { '@shared': shared, '@renderer': renderer } },
    plugins: [react(), appSchemeBase, pureAnatomies(), pureRouterDeclarations(), sideEffectFreeHoist()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      minify: true,
      rolldownOptions: {
        input: { index: resolve(root, 'src/renderer/index.html') },
        treeshake: rendererTreeshake,
      },
    },
  },
});
