import { createElement, type SVGProps } from 'react';

/**
 * A Lucide icon's drawing: what each `lucide-react/icons/<name>` module exports as `__iconData`
 * next to its component (typed in src/renderer/lucide-icon-data.d.ts).
 */
export type LineIconData = { name: string; node: [tag: string, attributes: Record<string, string | number>][] };

type LineIconProps = Omit<SVGProps<SVGSVGElement>, 'ref'> & { icon: LineIconData; size?: number | string };

/**
 * Draws a Lucide icon as lucide-react's components do (24-unit square, 2-unit round strokes in
 * the text colour), for the pages every visitor opens first: the header, the footer, the home
 * page and what they show. lucide-react's components carry a runtime of their own (context,
 * aliases, class merging: 1.3 KiB gzip) that the first render does without; the other pages keep
 * using them (docs/decisions.md, performance rule 3). Decorative unless labelled.
 */
export function LineIcon({ icon, size = 24, ...rest }: LineIconProps) {
  const labelled = Boolean(rest['aria-label'] ?? rest['aria-labelledby'] ?? rest.role);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={labelled ? undefined : true}
      {...rest}
    >
      {icon.node.map(([tag, attributes]) => createElement(tag, attributes))}
    </svg>
  );
}
