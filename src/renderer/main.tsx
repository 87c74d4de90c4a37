/**
 * The entry loads the app in steps, each run in a task of its own, with the browser free to paint
 * and answer in between (docs/decisions.md, Performance rule 15): the framework (React, its DOM
 * renderer), Chakra's runtime with the theme's configuration, the app's Chakra system in three
 * parts (the merged configuration, the token dictionary, the rest), then the app, which hydrates
 * the pre-rendered page or renders the app. Run at once, they made one long task on every page
 * under Lighthouse's CPU slowdown (docs/performance-log.md).
 */
import './shared/fonts.css';
import { yieldToBrowser } from './shared/yield-to-browser';

await import('react-dom/client');
await yieldToBrowser();
const { appSystemSteps } = await import('./shared/theme-config');
for (const step of appSystemSteps) {
  await yieldToBrowser();
  step();
}
await yieldToBrowser();
await import('./shared/theme');
await yieldToBrowser();
const { start } = await import('./start');
await start();
