import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './eslint-rules/local-plugin.js';
import { lineIconNames, lucideComponentName } from './scripts/vite/line-icons.js';

/**
 * Import boundaries of docs/architecture.md ("Layers"), with ESLint's own no-restricted-imports:
 * src/shared imports no I/O, React, Node or Electron; the renderer's shared layer imports no
 * feature; a feature never imports another feature; the renderer never imports server or main.
 * The local rules (eslint-rules/local-plugin.js) check the same on each import's resolved path,
 * plus modules → only other modules' services and *.public.ts files, main ↛ server, no import
 * cycle, no two modules importing each other; drizzle-orm only in repositories and src/server/db/
 * (docs/architecture.md, "Boundaries"; tests/unit/lint-boundaries.test.ts).
 */
/**
 * The icons the app draws with LineIcon: their lucide-react components are refused, since one of
 * them imported anywhere brings lucide-react's runtime back into the first render (docs/decisions.md,
 * performance rule 3).
 */
const LINE_ICONS_ONLY = {
  name: 'lucide-react',
  importNames: lineIconNames().map(lucideComponentName),
  message:
    "Draw this icon with LineIcon and its drawing (import { __iconData } from 'lucide-react/icons/…'): docs/decisions.md, performance rule 3.",
};
/** react-router's links carry its framework-mode prefetching: the app's own are in shared/ui/router-link.tsx. */
const APP_LINKS_ONLY = {
  name: 'react-router-dom',
  importNames: ['Link', 'NavLink'],
  message: 'Use RouterLink or NavLink from shared/ui/router-link.tsx: docs/decisions.md, performance rule 4.',
};
/** Another folder of the renderer is named from its root, `@renderer/...`, never by climbing two levels or more. */
const NO_DEEP_RELATIVE = {
  regex: '^\\.\\./\\.\\./',
  message: "Import from the renderer's root, '@renderer/...', not '../../' (docs/architecture.md, \"Layers\").",
};
const NODE_OR_IO = ['node:*', 'fs', 'path', 'pg', 'drizzle-orm', 'drizzle-orm/*', 'fastify', '@fastify/*', 'electron'];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'out',
      'dist',
      'dist-web',
      'release',
      'data',
      'coverage',
      'test-results',
      'playwright-report',
      'src/server/db/migrations',
      // Files that break the rules on purpose, linted by tests/unit/lint-boundaries.test.ts.
      'tests/unit/lint-fixtures',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { local },
    rules: { 'local/boundaries': 'error', 'local/no-import-cycle': 'error', 'local/no-module-cycle': 'error' },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'tests/unit/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: NODE_OR_IO, message: 'src/shared has no I/O (docs/architecture.md).' },
            { group: ['react', 'react-dom', 'react/*', '@chakra-ui/*'], message: 'src/shared has no React.' },
            {
              group: ['**/server/**', '**/renderer/**', '**/main/**', '**/preload/**'],
              message: 'src/shared imports nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [LINE_ICONS_ONLY, APP_LINKS_ONLY],
          patterns: [
            {
              group: NODE_OR_IO,
              message: 'The renderer reaches the system only through the API or the desktop bridge.',
            },
            NO_DEEP_RELATIVE,
            {
              group: ['**/server/**', '**/main/**', '**/preload/**'],
              message: 'The renderer imports only src/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [LINE_ICONS_ONLY, APP_LINKS_ONLY],
          patterns: [
            {
              group: NODE_OR_IO,
              message: 'The renderer reaches the system only through the API or the desktop bridge.',
            },
            NO_DEEP_RELATIVE,
            {
              group: ['**/features/**', '**/app/**', '**/admin/**'],
              message: 'renderer/shared imports no feature, no admin and no app code (shared → features, admin → app).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [LINE_ICONS_ONLY, APP_LINKS_ONLY],
          patterns: [
            {
              group: NODE_OR_IO,
              message: 'The renderer reaches the system only through the API or the desktop bridge.',
            },
            NO_DEEP_RELATIVE,
            {
              regex: '^\\.\\./(?!\\.\\./)',
              message: 'A feature never imports another feature (docs/architecture.md).',
            },
            { regex: '(^|/)features/', message: 'A feature never imports another feature (docs/architecture.md).' },
            { group: ['**/app/**'], message: 'Features do not import app code (shared → features → app).' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/features/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [LINE_ICONS_ONLY, APP_LINKS_ONLY],
          patterns: [
            {
              group: NODE_OR_IO,
              message: 'The renderer reaches the system only through the API or the desktop bridge.',
            },
            NO_DEEP_RELATIVE,
            { regex: '(^|/)features/', message: 'A feature never imports another feature (docs/architecture.md).' },
            { group: ['**/app/**'], message: 'Features do not import app code (shared → features → app).' },
          ],
        },
      ],
    },
  },
  {
    // The admin application sits beside the features, a leaf like them: renderer/shared and src/shared only.
    files: ['src/renderer/admin/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [LINE_ICONS_ONLY, APP_LINKS_ONLY],
          patterns: [
            {
              group: NODE_OR_IO,
              message: 'The renderer reaches the system only through the API or the desktop bridge.',
            },
            NO_DEEP_RELATIVE,
            {
              regex: '(^|/)features/',
              message: 'The admin application never imports a feature (docs/architecture.md).',
            },
            { group: ['**/app/**'], message: 'The admin application does not import app code (shared → admin → app).' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/renderer/**', '**/main/**', '**/preload/**', 'react', 'electron'],
              message: 'The server imports only src/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    // One owner per table: SQL is written only in repositories and src/server/db/ (docs/architecture.md,
    // "Boundaries"). The server's other restriction is repeated, as a later block replaces the rule's options.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.repository.ts', 'src/server/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/renderer/**', '**/main/**', '**/preload/**', 'react', 'electron'],
              message: 'The server imports only src/shared.',
            },
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'drizzle-orm only in *.repository.ts files and src/server/db/ (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // The mails' layout is the server's one React: react-email's components rendered to static HTML
    // (docs/decisions.md, "E-mail"). Only this file; the server's other restrictions are repeated.
    files: ['src/server/modules/mail/mail-layout.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/renderer/**', '**/main/**', '**/preload/**', 'electron'],
              message: 'The server imports only src/shared.',
            },
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'drizzle-orm only in *.repository.ts files and src/server/db/ (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // One error vocabulary (src/shared/errors.ts): a failure is thrown with AppError.of(code, message),
    // never with a status typed again (docs/decisions.md, "API and errors").
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/app-error.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='AppError']",
          message: 'Throw AppError.of(code, message, details?): the status comes from src/shared/errors.ts.',
        },
      ],
    },
  },
);
