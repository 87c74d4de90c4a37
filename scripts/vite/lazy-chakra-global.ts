import type { Plugin } from 'vite';

/** Chakra's `styled-system/system.js`, which this plugin and `chakra-system-steps.ts` rewrite. */
export const SYSTEM_MODULE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const EXPOSED = '    _global,\n';

/**
 * Chakra's `createSystem` writes the global, reset and token CSS (`system._global`) as soon as the
 * system is created: about half of its cost, in the start-up task of every page. A pre-rendered
 * page already holds that CSS in its <head> and hydrates without it (`stylesInPage`,
 * app/providers.tsx), so the web build computes it only when read (docs/decisions.md,
 * performance rule 14). The same values, in the same order, when it is read.
 */
export function lazyChakraGlobalStyles(): Plugin {
  return {
    name: 'parc:lazy-chakra-global',
    apply: 'build',
    transform(code, id) {
      if (!SYSTEM_MODULE.test(id.split('?')[0]!)) return null;
      if (!code.includes(EAGER) || !code.includes(EXPOSED)) {
        this.error(
          'Chakra styled-system/system.js a changé : revoir scripts/vite/lazy-chakra-global.ts (docs/decisions.md, règle 14).',
        );
      }
      return {
        code: code
          .replace(EAGER, 'let _global;')
          .replace(
            EXPOSED,
            '    get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n',
          ),
        map: null,
      };
    },
  };
}
