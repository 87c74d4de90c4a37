/**
 * The entry loads the app in four steps, each evaluated in a task of its own, with the browser
 * free to paint and answer in between (docs/decisions.md, Performance rule 15): the framework
 * (React, its DOM renderer), Chakra's runtime with the theme's configuration, the app's Chakra
 * system, then the app, which hydrates the pre-rendered page or renders the app. Evaluated at once, they made one task of 250 to 300 ms
 * under Lighthouse's 4× CPU slowdown on every page.
 */
import './shared/fonts.css';
import { yieldToBrowser } from './shared/yield-to-browser';

await import('react-dom/client');
await yieldToBrowser();
await import('./shared/theme-config');
await yieldToBrowser();
await import('./shared/theme');
await yieldToBrowser();
const { start } = await import('./start');
await start();
