// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { Suspense, use } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WhenNear } from '@renderer/shared/ui/when-near';
import { renderRoute } from './support/render-route';

// WhenNear shows a secondary section once near the screen or once the browser is idle. That
// reveal is a transition (docs/decisions.md, performance rule 19): React renders it in slices
// that leave the main thread free between them, and what is on screen stays while the section's
// code arrives, instead of giving way to the nearest loading state.

let idleCallbacks: IdleRequestCallback[] = [];
let observed: IntersectionObserverCallback[] = [];

beforeEach(() => {
  idleCallbacks = [];
  observed = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback) {
        observed.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idleCallbacks.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function deferred() {
  let resolve!: (value: string) => void;
  const promise = new Promise<string>((done) => (resolve = done));
  return { promise, resolve };
}

function Section({ text }: { text: Promise<string> }) {
  return <p>{use(text)}</p>;
}

describe('WhenNear', () => {
  it('keeps the page on screen while the revealed section is still loading, then shows it', async () => {
    const text = deferred();
    renderRoute({
      element: (
        <Suspense fallback={<p>Chargement de la page</p>}>
          <h1>Réservation R-2026-0042</h1>
          <WhenNear minH="40">
            <Section text={text.promise} />
          </WhenNear>
        </Suspense>
      ),
    });
    expect(screen.getByRole('heading', { name: 'Réservation R-2026-0042' })).toBeVisible();
    expect(idleCallbacks).toHaveLength(1);

    await act(async () => idleCallbacks[0]!({ didTimeout: false, timeRemaining: () => 50 }));
    // Without a transition the heading would give way to « Chargement de la page » here.
    expect(screen.getByRole('heading', { name: 'Réservation R-2026-0042' })).toBeVisible();
    expect(screen.queryByText('Chargement de la page')).toBeNull();

    await act(async () => text.resolve('Les activités du samedi'));
    expect(await screen.findByText('Les activités du samedi')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Réservation R-2026-0042' })).toBeVisible();
  });

  it('shows the section when its place comes near the screen before the browser is idle', async () => {
    renderRoute({
      element: (
        <WhenNear minH="40">
          <p>La discussion</p>
        </WhenNear>
      ),
    });
    expect(screen.queryByText('La discussion')).toBeNull();
    await act(async () =>
      observed[0]!([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
    );
    expect(screen.getByText('La discussion')).toBeInTheDocument();
  });
});
