// @vitest-environment jsdom
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { labelEvery, WeeklyChart } from '@renderer/admin/planner/weekly-chart';
import { installMatchMedia } from './support/match-media';
import { renderRoute } from './support/render-route';

// The planner's weekly chart on a phone: drawn for the width it has (one unit a pixel), so its
// 12 px labels stay 12 px, with fewer week labels where they would collide.

installMatchMedia();
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const WEEKS = Array.from({ length: 12 }, (_, index) => {
  const day = new Date(Date.UTC(2026, 8, 7 + index * 7));
  return {
    weekStart: day.toISOString().slice(0, 10),
    requests: index,
    confirmed: Math.floor(index / 2),
    confirmedRevenue: index * 250,
  };
});

function drawAt(width: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    width,
    height: 240,
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    right: width,
    bottom: 240,
    toJSON: () => ({}),
  });
  const { container } = renderRoute({ element: <WeeklyChart weeks={WEEKS} /> }).view;
  const svg = container.querySelector('svg[role="img"]')!;
  const weekLabels = [...svg.querySelectorAll('text')]
    .map((text) => text.textContent)
    .filter((t) => /^\d\d\/\d\d$/.test(t ?? ''));
  return { svg, weekLabels };
}

describe('weekly chart', () => {
  it('is drawn at the width of a 360 px phone, with 12 px text and one week label out of three', () => {
    const { svg, weekLabels } = drawAt(300);
    expect(svg.getAttribute('viewBox')).toBe('0 0 300 200');
    expect((svg as SVGElement).style.fontSize).toBe('12px');
    expect(weekLabels).toEqual(['07/09', '28/09', '19/10', '09/11']);
  });

  it('labels every week when there is room', () => {
    const { svg, weekLabels } = drawAt(768);
    expect(svg.getAttribute('viewBox')).toBe('0 0 768 200');
    expect(weekLabels).toHaveLength(12);
  });

  it('spaces the labels at least 44 px apart', () => {
    expect([17.7, 30, 44, 56.7].map(labelEvery)).toEqual([3, 2, 1, 1]);
  });
});
