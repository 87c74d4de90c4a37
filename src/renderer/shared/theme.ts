import { createAppSystem } from './theme-config';

export { createAppSystem, parkThemeConfig } from './theme-config';

/**
 * The app's Chakra system. In the web build, main.tsx has already run the first parts of its
 * creation (the merged configuration, the token dictionary: `appSystemSteps` in theme-config.ts),
 * each in a task of its own, and this takes their results; the rest (utilities, conditions, style
 * functions) runs here, in the task that loads this module (docs/decisions.md, performance rule 15).
 */
export const system = createAppSystem();
