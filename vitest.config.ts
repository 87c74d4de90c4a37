import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const sharedDir = fileURLToPath(new URL('./src/shared', import.meta.url));
const rendererDir = fileURLToPath(new URL('./src/renderer', import.meta.url));

/**
 * Two projects (docs/architecture.md, "Tests"): `unit` (node by default; renderer files opt in to jsdom with
 * `// @vitest-environment jsdom`) and `api` (Fastify through `app.inject` on a fresh database).
 */
export default defineConfig({
  resolve: { alias: { '@shared': sharedDir, '@renderer': rendererDir } },
  test: {
    // No passWithNoTests: a filter or an include that matches nothing is a mistake to report.
    // On CI a failed test runs once more, as the end-to-end ones do; `npm test` names each test that
    // passed only then (scripts/test-all.mjs), and failing twice fails the run (docs/decisions.md, Tests).
    retry: process.env.CI ? 1 : 0,
    projects: [
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/support/setup-dom.ts'],
          // A page test renders the app's providers in jsdom, user events and all: the longest take
          // 7 s here alone, and CI runs them beside the API tests on two cores. findBy*/waitFor wait
          // 5 s (tests/support/setup-dom.ts) and return as soon as the screen is right.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // A fresh PGlite takes about 3 s to initialise and migrate (STACK.md).
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
