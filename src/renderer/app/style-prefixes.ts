import type { StylisPlugin } from '@emotion/cache';

/**
 * Properties that the browsers this bundle targets (ES2022: Chrome and Edge 94+, Firefox 93+,
 * Safari 16.4+) still need with `-webkit-`: Safari up to 18 reads `user-select`,
 * `text-size-adjust`, `box-decoration-break`, `hyphens` and `background-clip: text` only prefixed,
 * and `backdrop-filter` until 18.
 */
const STILL_PREFIXED = new Set([
  'user-select',
  'text-size-adjust',
  'box-decoration-break',
  'hyphens',
  'background-clip',
  'backdrop-filter',
]);

/**
 * Emotion's default stylis prefixer writes every keyframes block twice (`@-webkit-keyframes`)
 * and `transform`, `transition`, `animation`, flex and placeholder rules for browsers of ten years
 * ago: with Chakra's global styles, a third of the CSS a pre-rendered page carries in its <head>
 * (docs/decisions.md, performance rule 17). This one adds the `-webkit-` form where a supported
 * browser still needs it, and nothing else.
 */
export const stillNeededPrefixes: StylisPlugin = (element) => {
  if (element.type !== 'decl' || element.return || typeof element.props !== 'string') return;
  if (STILL_PREFIXED.has(element.props)) element.return = `-webkit-${element.value}${element.value}`;
};
