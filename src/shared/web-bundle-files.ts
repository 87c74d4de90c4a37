/**
 * The pages the web build writes beside the pre-rendered ones (scripts/vite/prerender.ts) and the
 * API server serves (src/server/app.ts): one name for both sides (docs/decisions.md, performance
 * rules 16 and 23).
 */

/** The page served for routes that are not pre-rendered (invitation, back-office…). */
export const APP_SHELL = 'app-shell.html';

/** The customer area's shells, `shells/{name}.html`, served for the paths under `/{name}`. */
export const SHELLS_DIR = 'shells';

/**
 * The inert `<template>` of a pre-rendered page that holds its scripts until the first paint, and
 * the attribute of its module preloads that the page's own code puts in `<head>` once its top has
 * painted, before importing them (docs/decisions.md, performance rule 7).
 */
export const AFTER_PAINT_TEMPLATE = 'parc-after-paint';
export const LATER_PRELOAD_ATTRIBUTE = 'data-later';
