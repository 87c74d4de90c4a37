import { createAppSystem } from './theme-config';

export { createAppSystem, parkThemeConfig } from './theme-config';

/**
 * The app's Chakra system. Its creation (token dictionary, conditions, utilities: about 30 ms of
 * CPU, four times that under Lighthouse's slowdown) runs in a task of its own: main.tsx loads
 * theme-config.ts, with Chakra's runtime, one step before this (docs/decisions.md, performance
 * rule 15).
 */
export const system = createAppSystem();
