// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useWideScreen, WIDE_SCREEN_QUERY } from '@renderer/shared/ui/use-wide-screen';

/** A matchMedia whose width the test sets, telling its listeners as a browser does. */
function fakeScreen(width: number) {
  const listeners = new Set<() => void>();
  const screenState = { width };
  window.matchMedia = ((query: string) => {
    const minWidth = /min-width:\s*([\d.]+)rem/.exec(query);
    return {
      get matches() {
        return screenState.width >= Number(minWidth?.[1] ?? 0) * 16;
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    } as unknown as MediaQueryList;
  }) as typeof window.matchMedia;
  return {
    listeners,
    resize(next: number) {
      screenState.width = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

function Probe() {
  return <p>{useWideScreen() ? 'large' : 'étroit'}</p>;
}

const original = window.matchMedia;
afterEach(() => {
  cleanup();
  window.matchMedia = original;
});

describe('useWideScreen', () => {
  it('is Chakra’s md breakpoint as the theme writes it', () => {
    expect(WIDE_SCREEN_QUERY).toBe('screen and (min-width: 48rem)');
  });

  it('follows the width across 768 px, and stops listening once unmounted', () => {
    const fake = fakeScreen(360);
    const { unmount } = render(<Probe />);
    expect(screen.getByText('étroit')).toBeInTheDocument();
    fake.resize(768);
    expect(screen.getByText('large')).toBeInTheDocument();
    fake.resize(767);
    expect(screen.getByText('étroit')).toBeInTheDocument();
    unmount();
    expect(fake.listeners.size).toBe(0);
  });

  it('counts a screen as wide where there is no matchMedia', () => {
    // @ts-expect-error jsdom's own window has none
    delete window.matchMedia;
    render(<Probe />);
    expect(screen.getByText('large')).toBeInTheDocument();
  });
});
