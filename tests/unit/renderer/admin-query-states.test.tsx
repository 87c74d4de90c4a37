// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../src/renderer/app/providers';
import { QueryStates } from '../../../src/renderer/features/admin/ui/admin-page';

/** The back-office pages' loading / error / data frame around one query. */
afterEach(() => cleanup());

function show(query: { isPending: boolean; isError: boolean; error: unknown; data: string[] | undefined }) {
  const refetch = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <QueryStates query={{ ...query, refetch }} loadingLabel="Chargement des comptes…">
        {(data) => <p>{data.join(' / ')}</p>}
      </QueryStates>
    </AppProviders>,
  );
  return refetch;
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
    const refetch = show({ isPending: false, isError: true, error: new Error('boom'), data: ['Alice'] });
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByText('Alice')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: /Réessayer/ }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
