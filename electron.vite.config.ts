import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const shared = resolve(root, 'src/shared');

export default defineConfig({
  main: {
    resolve: { alias: { '@shared': shared } },
    build: {
      outDir: 'out/main',
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
    root: resolve(root, 'src/renderer'),
    // Served from app://parc/ and reloaded on deep client routes: assets must be root-absolute.
    base: '/',
    resolve: { alias: { '@shared': shared } },
    plugins: [react()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      minify: true,
      rolldownOptions: { input: { index: resolve(root, 'src/renderer/index.html') } },
    },
  },
});
