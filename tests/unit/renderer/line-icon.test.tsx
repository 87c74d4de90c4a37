// @vitest-environment jsdom
/**
 * LineIcon draws a Lucide icon from its drawing as lucide-react's component draws it
 * (src/renderer/shared/ui/line-icon.tsx): the header, footer and home page look the same.
 */
import { cleanup, render } from '@testing-library/react';
import { Clock, UtensilsCrossed } from 'lucide-react';
import { __iconData as clockIcon } from 'lucide-react/icons/clock';
import { __iconData as utensilsCrossedIcon } from 'lucide-react/icons/utensils-crossed';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LineIcon } from '@renderer/shared/ui/line-icon';

afterEach(cleanup);

function svgOf(element: ReactElement): SVGSVGElement {
  const { container } = render(element);
  const svg = container.querySelector('svg');
  if (!svg) throw new Error('no svg');
  return svg;
}

const DRAWING_ATTRIBUTES = [
  'xmlns',
  'width',
  'height',
  'viewBox',
  'fill',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'aria-hidden',
];

describe('LineIcon', () => {
  it.each([
    ['clock', <Clock key="lucide" size={16} />, <LineIcon key="line" icon={clockIcon} size={16} />],
    ['utensils-crossed', <UtensilsCrossed key="lucide" />, <LineIcon key="line" icon={utensilsCrossedIcon} />],
  ])('draws %s as lucide-react does', (_name, lucide, line) => {
    const expected = svgOf(lucide);
    const actual = svgOf(line);
    for (const attribute of DRAWING_ATTRIBUTES) {
      expect(actual.getAttribute(attribute), attribute).toBe(expected.getAttribute(attribute));
    }
    expect(actual.innerHTML).toBe(expected.innerHTML);
    expect(actual.getAttribute('aria-hidden')).toBe('true');
  });

  it('is announced when it is given a name', () => {
    const svg = svgOf(<LineIcon icon={clockIcon} role="img" aria-label="Horaires" />);
    expect(svg).not.toHaveAttribute('aria-hidden');
    expect(svg).toHaveAttribute('aria-label', 'Horaires');
  });
});
