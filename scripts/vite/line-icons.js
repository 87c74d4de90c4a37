// @ts-check
import { readFileSync } from 'node:fs';

/**
 * The Lucide icons the app draws with LineIcon (src/renderer/shared/ui/line-icon.tsx), read off
 * their declarations in src/renderer/lucide-icon-data.d.ts: one list for the build (their drawings
 * in one chunk) and for ESLint (their lucide-react components refused, since one import of a
 * component anywhere brings lucide-react's runtime back into the first render: docs/decisions.md,
 * performance rule 3).
 * @returns {string[]} kebab-case names ('map-pin')
 */
export function lineIconNames() {
  const declarations = readFileSync(new URL('../../src/renderer/lucide-icon-data.d.ts', import.meta.url), 'utf8');
  return [...declarations.matchAll(/declare module 'lucide-react\/icons\/([a-z0-9-]+)'/g)].map(
    (match) => match[1] ?? '',
  );
}

/** @param {string} name kebab-case ('map-pin') @returns {string} the component's name ('MapPin') */
export function lucideComponentName(name) {
  return name.replace(/(^|-)([a-z0-9])/g, (_, __, letter) => letter.toUpperCase());
}
