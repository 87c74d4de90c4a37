// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryStates } from '@renderer/admin/ui/admin-page';
import { renderRoute } from './support/render-route';

/** The back-office pages' loading / error / data frame around one query. */
afterEach(() => cleanup());

function show(query: { isPending: boolean; isError: boolean; error: unknown; data: string[] | undefined }) {
  const refetch = vi.fn();
  const { user } = renderRoute({
    element: (
      <QueryStates query={{ ...query, refetch }} loadingLabel="Chargement des comptes…">
        {(data) => <p>{data.join(' / ')}</p>}
      </QueryStates>
    ),
  });
  return { refetch, user };
}

describe('QueryStates', () => {
  it('shows the loading label while pending, and nothing else', () => {
    show({ isPending: true, isError: false, error: null, data: undefined });
    expect(screen.getByRole('status').textContent).toContain('Chargement des comptes…');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the data once loaded', () => {
    show({ isPending: false, isError: false, error: null, data: ['Alice', 'Bob'] });
    expect(screen.getByText('Alice / Bob')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the error with a retry that refetches, and keeps data already shown', async () => {
    const { refetch, user } = show({ isPending: false, isError: true, error: new Error('boom'), data: ['Alice'] });
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByText('Alice')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Réessayer/ }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
