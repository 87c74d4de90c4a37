/**
 * The pages the web build writes beside the pre-rendered ones (scripts/vite/prerender.ts) and the
 * API server serves (src/server/app.ts): one name for both sides (docs/decisions.md, performance
 * rules 16 and 23).
 */

/** The page served for routes that are not pre-rendered (invitation, back-office…). */
export const APP_SHELL = 'app-shell.html';

/** The customer area's shells, `shells/{name}.html`, served for the paths under `/{name}`. */
export const SHELLS_DIR = 'shells';
