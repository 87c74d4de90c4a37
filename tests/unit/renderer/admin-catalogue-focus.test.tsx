// @vitest-environment jsdom
// Whole back-office pages render here: on a busy two-core machine they take more than 5 s.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffCatalogueItem } from '@shared/api/staff.schema';
import { ESTABLISHMENT_ID } from '@shared/constants';
import { ADMIN } from './support/admin-fixtures';
import { startLocalServer } from './support/local-server';
import { installFocusFixup } from './support/focus-fixup';
import { installMatchMedia } from './support/match-media';

// Where the focus goes once the catalogue editor saves (WCAG 2.4.3): the dialog stays open, so
// the focus stays in it, on 'Enregistrer', and never falls to the page behind it.

function item(fields: Partial<StaffCatalogueItem> & Pick<StaffCatalogueItem, '_id' | 'name'>): StaffCatalogueItem {
  return {
    kind: 'activity',
    category: 'sport',
    description: 'Au cœur de la forêt',
    images: [],
    image: null,
    pricing: { basePrice: 18, pricingType: 'per_person' },
    availability: { duration: 60 },
    isActive: true,
    isFeatured: false,
    establishment_id: ESTABLISHMENT_ID,
    timeSlots: [],
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...fields,
  };
}

const TIR = item({ _id: 'a1111111-1111-4111-8111-111111111111', name: 'Tir à l’arc' });
const CREATED = item({ _id: 'a2222222-2222-4222-8222-222222222222', name: 'Course d’orientation' });

let items: StaffCatalogueItem[] = [];
const server = await startLocalServer(({ method, url, body }) => {
  const path = url.split('?')[0];
  if (method === 'GET' && path === '/api/v1/staff/catalogue/activities') {
    return { status: 200, body: { success: true, data: items } };
  }
  if (method === 'PUT' && path === `/api/v1/staff/catalogue/activities/${TIR._id}`) {
    const saved = { ...TIR, ...(body as Partial<StaffCatalogueItem>), updatedAt: '2026-11-21T10:00:00.000Z' };
    items = items.map((entry) => (entry._id === TIR._id ? saved : entry));
    return { status: 200, body: { success: true, message: 'Activité mise à jour', data: saved } };
  }
  if (method === 'POST' && path === '/api/v1/staff/catalogue/activities') {
    items = [...items, CREATED];
    return { status: 201, body: { success: true, message: 'Activité créée', data: CREATED } };
  }
  return { status: 404, body: { success: false } };
});
vi.stubEnv('VITE_API_URL', server.origin);
const { CataloguePage } = await import('@renderer/admin/catalogue/catalogue-page');
const { clearStaffToken } = await import('@renderer/admin/session/staff-token');
const { toaster } = await import('@renderer/shared/ui/toaster-store');
const { currentLocation, renderRoute } = await import('./support/render-route');

installMatchMedia();
vi.setConfig({ testTimeout: 20_000 });

let removeFixup: () => void = () => undefined;
beforeEach(() => {
  items = [TIR];
  removeFixup = installFocusFixup();
});

afterEach(() => {
  removeFixup();
  cleanup();
  toaster.remove();
  clearStaffToken();
  server.requests.length = 0;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

function renderCatalogue(at = '/admin/catalogue') {
  return renderRoute({ at, staff: ADMIN, routes: [{ path: '/admin/catalogue', element: <CataloguePage /> }] });
}

describe('catalogue editor: the focus after "Enregistrer"', () => {
  it('editing an activity: the dialog stays open and the focus goes back to "Enregistrer"', async () => {
    const { user } = renderCatalogue();
    await user.click(await screen.findByRole('button', { name: 'Modifier Tir à l’arc' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier Tir à l’arc' });
    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, 'Arcs et cibles en forêt');

    const save = within(dialog).getByRole('button', { name: 'Enregistrer' });
    save.focus();
    await user.keyboard('{Enter}');

    // While the save runs, the disabled button has lost the focus, as in the browser.
    await waitFor(() => expect(document.activeElement).toBe(document.body));
    expect(await screen.findByText('Activité mise à jour')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Enregistrer' })).toBeEnabled());
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Enregistrer' })).toHaveFocus());
    expect(document.activeElement).not.toBe(document.body);
    expect(screen.getByRole('dialog', { name: 'Modifier Tir à l’arc' })).toBeInTheDocument();
    expect(currentLocation()).toBe(`/admin/catalogue?edit=${TIR._id}`);
  });

  it('creating an activity: the dialog turns into its editor, with the focus on its "Enregistrer"', async () => {
    const { user } = renderCatalogue('/admin/catalogue?edit=new');
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle activité' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Nom/ }), CREATED.name);

    within(dialog).getByRole('button', { name: 'Enregistrer' }).focus();
    await user.keyboard('{Enter}');

    // The form is shown anew for the created item (its own key): the button pressed is gone.
    const editor = await screen.findByRole('dialog', { name: `Modifier ${CREATED.name}` });
    expect(currentLocation()).toBe(`/admin/catalogue?edit=${CREATED._id}`);
    await waitFor(() => expect(within(editor).getByRole('button', { name: 'Enregistrer' })).toHaveFocus());
    expect(within(editor).getByText('Image')).toBeInTheDocument();
  });
});
