// @vitest-environment jsdom
/**
 * The app's router is declarative (src/renderer/app/router.tsx, docs/decisions.md, performance rule 4): two things the
 * data router did are the app's own. RouteErrorBoundary shows the error screen in place of a
 * route that fails to render, until the next navigation; ScrollRestoration opens a new page at
 * its top (or its #anchor) and finds a page again where it was left with the back button.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollRestoration } from '@renderer/app/layout/scroll-restoration';
import { AppProviders, createQueryClient } from '@renderer/app/providers';
import { RouteErrorBoundary } from '@renderer/features/errors/route-error-boundary';
import { NavLink, RouterLink } from '@renderer/shared/ui/router-link';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('RouteErrorBoundary', () => {
  let failing = true;
  function Page() {
    const { pathname } = useLocation();
    if (failing) throw new Error('rendu impossible');
    return <p>{`Rendu à ${pathname}`}</p>;
  }

  it('shows the error screen in place of a failing route, logs the error, and renders again after a navigation', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route
              path="*"
              element={
                <RouteErrorBoundary>
                  <Page />
                </RouteErrorBoundary>
              }
            />
          </Routes>
          <Link to="/ailleurs">Ailleurs</Link>
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Une erreur est survenue' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Actualiser la page' })).toBeVisible();
    expect(logged).toHaveBeenCalledWith(
      'Erreur de l’application',
      expect.objectContaining({ message: 'rendu impossible' }),
    );

    failing = false;
    await user.click(screen.getByRole('link', { name: 'Ailleurs' }));
    expect(await screen.findByText('Rendu à /ailleurs')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Une erreur est survenue' })).toBeNull();
  });
});

describe('ScrollRestoration', () => {
  const setScrollY = (y: number) => Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  const scrollTo = vi.fn((_x: number, y: number) => {
    setScrollY(y);
  });
  const scrollIntoView = vi.fn();
  /** The user scrolls the page. */
  const scrollToY = (y: number) => {
    setScrollY(y);
    act(() => void window.dispatchEvent(new Event('scroll')));
  };

  beforeEach(() => {
    scrollTo.mockClear();
    scrollIntoView.mockClear();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    Element.prototype.scrollIntoView = scrollIntoView;
    sessionStorage.clear();
  });

  function BackButton() {
    const navigate = useNavigate();
    return (
      <button type="button" onClick={() => void navigate(-1)}>
        Retour
      </button>
    );
  }

  it('opens a new page at its top or its anchor, the previous one where it was left', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/']}>
        <ScrollRestoration />
        <Routes>
          <Route path="/" element={<Link to="/a">Vers A</Link>} />
          <Route path="/a" element={<Link to="/b#section">Vers B</Link>} />
          <Route path="/b" element={<p id="section">Section B</p>} />
        </Routes>
        <BackButton />
      </MemoryRouter>,
    );
    expect(window.history.scrollRestoration).toBe('manual');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    scrollToY(500);
    await user.click(screen.getByRole('link', { name: 'Vers A' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    scrollToY(120);
    scrollTo.mockClear();
    await user.click(screen.getByRole('link', { name: 'Vers B' }));
    expect(scrollIntoView).toHaveBeenCalledOnce();
    expect(scrollTo).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 120);
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 500);

    // Kept for a reload of the tab.
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(Object.values(JSON.parse(sessionStorage.getItem('react-router-scroll-positions') ?? '{}'))).toEqual(
      expect.arrayContaining([500, 120]),
    );
    expect(window.history.scrollRestoration).toBe('auto');
  });
});

describe('RouterLink and NavLink (src/renderer/shared/ui/router-link.tsx)', () => {
  function Where() {
    return <p>{`Page ${useLocation().pathname}`}</p>;
  }

  it('follows a link without reloading the page, and leaves a modified click to the browser', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/']}>
        <RouterLink to="/contact">Contact</RouterLink>
        <Where />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Contact' });
    expect(link).toHaveAttribute('href', '/contact');
    // Ctrl + click opens a new tab in a browser: the app does not navigate.
    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    expect(screen.getByText('Page /')).toBeVisible();
    await user.click(link);
    expect(screen.getByText('Page /contact')).toBeVisible();
  });

  it('marks the link of the current page, or of a page above it unless `end`, as react-router does', () => {
    const current = (path: string) => {
      render(
        <MemoryRouter initialEntries={[path]}>
          <NavLink to="/" end>
            Accueil
          </NavLink>
          <NavLink to="/admin">Demandes</NavLink>
          <NavLink to="/admin/planning" end>
            Planning
          </NavLink>
        </MemoryRouter>,
      );
      const marked = screen
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page')
        .map((link) => link.textContent);
      cleanup();
      return marked;
    };
    expect(current('/')).toEqual(['Accueil']);
    expect(current('/admin')).toEqual(['Demandes']);
    expect(current('/admin/demandes/42')).toEqual(['Demandes']);
    expect(current('/Admin/Planning')).toEqual(['Demandes', 'Planning']);
    expect(current('/admin/planning/jour')).toEqual(['Demandes']);
    expect(current('/administration')).toEqual([]);
    expect(current('/contact')).toEqual([]);
  });
});
