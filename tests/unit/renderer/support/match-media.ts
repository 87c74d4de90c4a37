/**
 * jsdom has no matchMedia; this one answers min-width queries for a chosen window width, so
 * Chakra's responsive hooks pick the desktop or the mobile layout.
 */
export const viewport = { width: 1280 };

export function installMatchMedia(): void {
  window.matchMedia = (query: string) => {
    const minWidth = /min-width:\s*([\d.]+)(px|r?em)/.exec(query);
    const pixels = minWidth ? Number(minWidth[1]) * (minWidth[2] === 'px' ? 1 : 16) : 0;
    return {
      matches: viewport.width >= pixels,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
}

/** A menu's positioner measures its anchor; jsdom has no ResizeObserver: one that observes nothing. */
export function installResizeObserver(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
