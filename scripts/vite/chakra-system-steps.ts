import type { Plugin } from 'vite';
import { SYSTEM_MODULE } from './lazy-chakra-global';

const START = 'function createSystem(...configs) {\n  const config = mergeConfigs(...configs);';
const TOKENS = 'const tokens = createTokenDictionary({';
const EXPORTS = 'export { createSystem, isValidSystem };';

/** What the rewritten module adds before `createSystem`: the steps, and the results they leave. */
const STEPS = `const preparedSystems = new WeakMap();
function preparedFor(configs) {
  const prepared = preparedSystems.get(configs[configs.length - 1]);
  if (!prepared || prepared.configs.length !== configs.length) return undefined;
  return prepared.configs.every((config, index) => config === configs[index]) ? prepared : undefined;
}
function prepareConfig(...configs) {
  preparedSystems.set(configs[configs.length - 1], { configs, config: mergeConfigs(...configs) });
}
function prepareTokens(...configs) {
  const prepared = preparedFor(configs);
  if (!prepared) return undefined;
  if (prepared.tokens) return prepared.tokens;
  const { theme = {}, cssVarsPrefix = "chakra" } = prepared.config;
  prepared.tokens = createTokenDictionary({
    breakpoints: theme.breakpoints,
    tokens: theme.tokens,
    semanticTokens: theme.semanticTokens,
    prefix: cssVarsPrefix
  });
  return prepared.tokens;
}
`;

/**
 * Chakra's `createSystem` merges the theme's configurations, builds the token dictionary from every
 * token, then the utilities and style functions: one task, the longest of every page's start. The
 * web build gives it two steps that the start-up runs in tasks of their own before it
 * (`createSystem.prepareConfig(...configs)`, then `createSystem.prepareTokens(...configs)`,
 * shared/theme-config.ts `appSystemSteps`); `createSystem` called next with the same configuration
 * objects takes their results, once, and does only the rest. Called otherwise, it does all of it, as
 * Chakra's does (docs/decisions.md, performance rule 15). The same system either way.
 */
export function chakraSystemInSteps(): Plugin {
  return {
    name: 'parc:chakra-system-steps',
    apply: 'build',
    transform(code, id) {
      if (!SYSTEM_MODULE.test(id.split('?')[0]!)) return null;
      if (!code.includes(START) || code.split(TOKENS).length !== 2 || !code.includes(EXPORTS)) {
        this.error(
          'Chakra styled-system/system.js a changé : revoir scripts/vite/chakra-system-steps.ts (docs/decisions.md, règle 15).',
        );
      }
      return {
        code: code
          .replace(
            START,
            `${STEPS}function createSystem(...configs) {\n  const prepared = preparedFor(configs);\n  preparedSystems.delete(configs[configs.length - 1]);\n  const config = prepared ? prepared.config : mergeConfigs(...configs);`,
          )
          .replace(TOKENS, 'const tokens = prepared?.tokens ?? createTokenDictionary({')
          .replace(
            EXPORTS,
            `createSystem.prepareConfig = prepareConfig;\ncreateSystem.prepareTokens = prepareTokens;\n${EXPORTS}`,
          ),
        map: null,
      };
    },
  };
}
