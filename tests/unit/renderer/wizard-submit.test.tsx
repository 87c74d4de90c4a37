// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '@shared/api/customer.schema';
import { addIsoDays } from '@shared/booking-days';
import { ESTABLISHMENT_ID } from '@shared/constants';
import { summary } from './support/booking-fixtures';
import { startLocalServer, type Reply } from './support/local-server';
import { installMatchMedia } from './support/match-media';
import { ACTIVITIES, customer, DJ, PARCOURS, SERVICES, START } from './wizard-fixtures';

const newCustomer: Customer = {
  ...customer,
  _id: 'c0ffee00-0000-4000-8000-000000000002',
  firstName: 'Léa',
  lastName: 'Martin',
  email: 'lea@example.fr',
  phone: '06 11 22 33 44',
};
const registered: Reply = {
  status: 201,
  body: {
    success: true,
    message: 'Compte créé avec succès',
    data: { token: 'new-token', customer: newCustomer, userId: newCustomer._id },
    token: 'new-token',
    customer: newCustomer,
  },
};
const created: Reply = {
  status: 201,
  body: {
    success: true,
    message: 'Votre demande a été envoyée avec succès',
    // The created request as the server answers it (bookingRequestSummary).
    data: summary({ bookingRequestId: 'GRP-2026-00042' }),
  },
};
const loggedIn: Reply = {
  status: 200,
  body: {
    success: true,
    message: 'Connexion réussie',
    data: { token: 'tok', customer, userId: customer._id },
    token: 'tok',
    customer,
  },
};

let registerReply: Reply = registered;
let requestReply: Reply = created;
const server = await startLocalServer(({ method, url }) => {
  if (method === 'GET' && url.startsWith('/api/v1/public-booking-requests/activities')) {
    return { status: 200, body: { success: true, data: ACTIVITIES } };
  }
  if (method === 'GET' && url.startsWith('/api/v1/public-booking-requests/services')) {
    return { status: 200, body: { success: true, data: SERVICES } };
  }
  if (method === 'POST' && url === '/api/v1/customer-auth/register') return registerReply;
  if (method === 'POST' && url === '/api/v1/customer-auth/login') return loggedIn;
  if (method === 'POST' && url === '/api/v1/public-booking-requests') return requestReply;
  return { status: 404, body: { success: false } };
});
vi.stubEnv('VITE_API_URL', server.origin);
const { BookingWizardPage } = await import('@renderer/features/booking-wizard/booking-wizard-page');
const { DRAFT_STORAGE_KEY, EMPTY_DRAFT } = await import('@renderer/features/booking-wizard/wizard-draft');
const { clearAuthToken } = await import('@renderer/shared/session/auth-token');
const { renderRoute } = await import('./support/render-route');
const { setSessionExpiredHandler } = await import('@renderer/shared/api/client');
const { toaster } = await import('@renderer/shared/ui/toaster-store');

setSessionExpiredHandler(() => undefined);
installMatchMedia();
// A first Chakra render plus the catalogue call can exceed the 1 s default on a loaded machine.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  toaster.remove();
  clearAuthToken();
  sessionStorage.clear();
  registerReply = registered;
  requestReply = created;
  server.requests.length = 0;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

const DAY_2 = addIsoDays(START, 1);
const LINES = [
  { id: 'temp_a', kind: 'activity', catalogId: PARCOURS._id, scheduledDate: START },
  { id: 'temp_b', kind: 'service', catalogId: DJ._id, scheduledDate: DAY_2 },
] as const;
const ANNIV = { ...EMPTY_DRAFT.event, bookingType: 'anniv' as const, forMe: true, participants: '12', date: START };

/** The wizard on a stored draft (as after a reload), logged out unless a customer is given. */
function renderAt(draft: Partial<typeof EMPTY_DRAFT>, options: { as?: Customer } = {}) {
  sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ ...EMPTY_DRAFT, ...draft }));
  return renderRoute({
    at: '/reservation',
    as: options.as,
    routes: [
      { path: '/reservation', element: <BookingWizardPage /> },
      { path: '/', element: <p>Accueil</p> },
      { path: '/dashboard', element: <p>Espace client</p> },
    ],
  });
}

const catalogueShown = () => screen.findByText('Parcours aventure');
const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input, select, textarea' });
const change = (name: RegExp, value: string) => fireEvent.change(field(name), { target: { value } });
const submitButton = () => screen.getByRole('button', { name: 'Envoyer ma demande' });
/** The POSTs the local server received on /api/v1<path>, with their bodies. */
const posted = (path: string) =>
  server.requests.filter((request) => request.method === 'POST' && request.url.endsWith(path));

async function fillAccount(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(field(/^Civilité/), 'Mme');
  change(/^Prénom/, 'Léa');
  change(/^Nom/, 'Martin');
  change(/^Email/, 'lea@example.fr');
  change(/^Téléphone/, '06 11 22 33 44');
  change(/^Mot de passe/, 'secret42');
  change(/^Confirmation du mot de passe/, 'secret42');
  await user.click(screen.getByRole('checkbox', { name: /J'accepte les conditions/ }));
}

const EXPECTED_LINES = [
  {
    name: 'Parcours aventure',
    catalogActivityId: PARCOURS._id,
    scheduledDate: START,
    participants: 12,
    followsBookingCount: true,
    pricing: { basePrice: 25, pricingType: 'per_person' },
    category: 'aventure',
  },
  {
    name: 'Animation DJ',
    catalogServiceId: DJ._id,
    scheduledDate: DAY_2,
    participants: 12,
    followsBookingCount: true,
    pricing: { basePrice: 150, pricingType: 'flat' },
    category: 'animation',
  },
];

describe('Booking wizard, step 3 "Finalisation" (SPEC.md §2, §3, §5)', { timeout: 30_000 }, () => {
  it('shows every message of the account form on an empty submit and sends nothing', async () => {
    const { user } = renderAt({ step: 3, event: ANNIV, lines: [...LINES] });
    await catalogueShown();

    await user.click(submitButton());

    for (const message of [
      'Civilité requise',
      'Prénom requis',
      'Nom requis',
      'Email requis',
      'Téléphone requis',
      'Mot de passe requis',
      'Confirmation requise',
      'Vous devez accepter les conditions',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(posted('/customer-auth/register')).toHaveLength(0);
  });

  it('checks the e-mail format, the password length and the confirmation', async () => {
    const { user } = renderAt({ step: 3, event: ANNIV, lines: [...LINES] });
    await catalogueShown();
    change(/^Email/, 'lea@');
    change(/^Mot de passe/, 'abc');
    change(/^Confirmation du mot de passe/, 'abd');

    await user.click(submitButton());

    expect(await screen.findByText('Email invalide')).toBeInTheDocument();
    expect(screen.getByText('Minimum 6 caractères')).toBeInTheDocument();
    expect(screen.getByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();
    // SPEC.md §5: the password can be toggled visible.
    const [toggle] = screen.getAllByRole('button', { name: 'Afficher le mot de passe' });
    await user.click(toggle!);
    expect(field(/^Mot de passe/)).toHaveAttribute('type', 'text');
  });

  it('summarises the event, its items and the estimated total, with the links to the terms', async () => {
    renderAt({ step: 3, event: ANNIV, lines: [...LINES] });
    const summary = screen.getByRole('region', { name: 'Récapitulatif de votre demande' });

    expect(await within(summary).findByText('Parcours aventure')).toBeInTheDocument();
    // Activities and services come from two calls: wait for both before reading the amounts.
    expect(await within(summary).findByText('Animation DJ')).toBeInTheDocument();
    expect(within(summary).getByText('Anniversaire')).toBeInTheDocument();
    expect(within(summary).getByText('Pour moi')).toBeInTheDocument();
    expect(within(summary).getByText('12 participants')).toBeInTheDocument();
    expect(within(summary).getByText('300,00 €')).toBeInTheDocument();
    expect(within(summary).getByText('150,00 €')).toBeInTheDocument();
    expect(within(summary).getByTestId('final-estimated-total')).toHaveTextContent('450,00 €');
    expect(within(summary).getByText(/Ce montant est indicatif/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "conditions d'utilisation" })).toHaveAttribute('href', '/conditions');
    expect(screen.getByRole('link', { name: 'politique de confidentialité' })).toHaveAttribute('href', '/privacy');
  });

  it('links back to step 2 when nothing was chosen', async () => {
    const { user } = renderAt({ step: 3, event: ANNIV });

    await user.click(await screen.findByRole('button', { name: 'Choisir des activités' }));

    // Step 2 is its own chunk (docs/decisions.md, performance rule 13): it may still be loading when the click lands.
    expect(await screen.findByRole('heading', { level: 2, name: 'Activités & Services' })).toBeInTheDocument();
  });

  it('creates the account, sends the exact request, then shows the reference and next steps', async () => {
    const { user } = renderAt({ step: 3, event: ANNIV, lines: [...LINES] });
    await catalogueShown();
    await fillAccount(user);
    change(/^Rue/, '3 rue des Pins');
    change(/^Code postal/, '40200');
    change(/^Ville/, 'Mimizan');
    change(/^Remarques/, 'Gâteau surprise');

    await user.click(submitButton());

    expect(await screen.findByRole('heading', { level: 1, name: 'Demande envoyée avec succès !' })).toBeInTheDocument();
    expect(screen.getByText('Votre compte a été créé et votre demande envoyée avec succès !')).toBeInTheDocument();
    expect(posted('/customer-auth/register').map((request) => request.body)).toEqual([
      {
        firstName: 'Léa',
        lastName: 'Martin',
        email: 'lea@example.fr',
        password: 'secret42',
        // Typed '06 11 22 33 44', sent normalised as the profile sends it.
        phone: '+33611223344',
        establishment_id: ESTABLISHMENT_ID,
      },
    ]);
    expect(posted('/public-booking-requests').map((request) => request.body)).toEqual([
      {
        customerId: newCustomer._id,
        establishment_id: ESTABLISHMENT_ID,
        bookingType: 'anniv',
        type: 'anniv',
        participants: 12,
        startDate: START,
        mainContact: { firstName: 'Léa', lastName: 'Martin', email: 'lea@example.fr', phone: '+33611223344' },
        note: 'Gâteau surprise\n\nAdresse : 3 rue des Pins, 40200 Mimizan',
        eventDetails: { eventSubType: '', forMe: true, organizationName: '', companyName: '', companyEventType: '' },
        bookingActivities: EXPECTED_LINES,
      },
    ]);
    expect(screen.getByTestId('booking-reference')).toHaveTextContent('GRP-2026-00042');
    const steps = screen.getByRole('heading', { level: 2, name: 'Prochaines étapes' }).parentElement!;
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('link', { name: /Accéder à mon espace client/ })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: /Retour à l'accueil/ })).toHaveAttribute('href', '/');
    expect(sessionStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });

  it('sends a group over 50 as sessions of at most 50 per per-person item, and one line per flat item', async () => {
    const { user } = renderAt({ step: 3, event: { ...ANNIV, participants: '60' }, lines: [...LINES] });
    await catalogueShown();
    await fillAccount(user);
    await user.click(submitButton());
    await screen.findByRole('heading', { level: 1, name: 'Demande envoyée avec succès !' });
    const [body] = posted('/public-booking-requests').map(
      (request) => request.body as { bookingActivities: unknown[] },
    );
    expect(body!.bookingActivities).toEqual([
      { ...EXPECTED_LINES[0], participants: 30 },
      { ...EXPECTED_LINES[0], participants: 30 },
      { ...EXPECTED_LINES[1], participants: 50 },
    ]);
  });

  it('sends a company as firstName = its name and lastName = "Entreprise", with the company event data', async () => {
    const company = {
      ...EMPTY_DRAFT.event,
      bookingType: 'company' as const,
      companyName: 'ACME',
      companyEventType: 'sem' as const,
      organizationName: 'typed before switching',
      participants: '12',
      date: START,
    };
    const { user } = renderAt({ step: 3, event: company, lines: [...LINES] });
    await catalogueShown();
    await user.click(screen.getByRole('button', { name: 'Entreprise' }));
    expect(screen.queryByLabelText(/^Nom$/)).not.toBeInTheDocument();
    await user.click(submitButton());
    expect(await screen.findByText("Le nom de l'entreprise est requis")).toBeInTheDocument();

    await user.selectOptions(field(/^Civilité/), 'M');
    change(/^Nom de l'entreprise/, 'ACME SAS');
    change(/^Email/, 'lea@example.fr');
    change(/^Téléphone/, '06 11 22 33 44');
    change(/^Mot de passe/, 'secret42');
    change(/^Confirmation du mot de passe/, 'secret42');
    await user.click(screen.getByRole('checkbox', { name: /J'accepte les conditions/ }));
    await user.click(submitButton());

    await screen.findByRole('heading', { level: 1, name: 'Demande envoyée avec succès !' });
    expect(posted('/customer-auth/register')[0]?.body).toMatchObject({ firstName: 'ACME SAS', lastName: 'Entreprise' });
    expect(posted('/public-booking-requests')[0]?.body).toMatchObject({
      bookingType: 'company',
      type: 'sem',
      mainContact: { firstName: 'ACME SAS', lastName: 'Entreprise' },
      note: '',
      eventDetails: {
        eventSubType: '',
        forMe: false,
        organizationName: '',
        companyName: 'ACME',
        companyEventType: 'sem',
      },
    });
  });

  it('says the e-mail already exists on a 409, sends no request and offers to log in', async () => {
    registerReply = {
      status: 409,
      body: {
        success: false,
        error: 'Un compte existe déjà avec cet e-mail',
        message: 'Un compte existe déjà avec cet e-mail',
        code: 'EMAIL_TAKEN',
      },
    };
    const { user } = renderAt({ step: 3, event: ANNIV, lines: [...LINES] });
    await catalogueShown();
    await fillAccount(user);

    await user.click(submitButton());

    expect(await screen.findAllByText('Cet email existe déjà. Essayez de vous connecter.')).not.toHaveLength(0);
    expect(posted('/public-booking-requests')).toHaveLength(0);
    const login = screen.getByRole('form', { name: 'Connexion à votre compte' });
    expect(within(login).getByRole('textbox', { name: /^Email/ })).toHaveValue('lea@example.fr');
  });

  it('keeps everything when the request fails after registration, and retries only the request', async () => {
    requestReply = {
      status: 400,
      body: {
        success: false,
        error: 'La date doit être au plus tôt demain',
        message: 'La date doit être au plus tôt demain',
        code: 'VALIDATION_ERROR',
      },
    };
    const { user } = renderAt({ step: 3, event: ANNIV, lines: [...LINES] });
    await catalogueShown();
    await fillAccount(user);
    change(/^Remarques/, 'Gâteau surprise');

    await user.click(submitButton());

    expect(await screen.findAllByText('Erreur: La date doit être au plus tôt demain')).not.toHaveLength(0);
    expect(await screen.findByTestId('connected-as')).toHaveTextContent('Connecté en tant que Léa Martin');
    expect(field(/^Remarques/)).toHaveValue('Gâteau surprise');
    expect(screen.getByRole('checkbox', { name: /J'accepte les conditions/ })).toBeChecked();

    requestReply = created;
    await user.click(submitButton());

    await screen.findByRole('heading', { level: 1, name: 'Demande envoyée avec succès !' });
    expect(screen.getByText('Votre compte a été créé et votre demande envoyée avec succès !')).toBeInTheDocument();
    expect(posted('/customer-auth/register')).toHaveLength(1);
    expect(posted('/public-booking-requests')).toHaveLength(2);
  });

  it('sends a logged-in customer’s request for their account, with the generic message on a server failure', async () => {
    requestReply = {
      status: 500,
      body: { success: false, error: 'Erreur interne', message: 'Erreur interne', code: 'INTERNAL' },
    };
    const { user } = renderAt({ step: 3, event: ANNIV, lines: [...LINES] }, { as: customer });
    expect(await screen.findByTestId('connected-as')).toHaveTextContent('Connecté en tant que Camille Durand');
    expect(screen.queryByLabelText(/^Mot de passe/)).not.toBeInTheDocument();
    await user.click(submitButton());
    expect(await screen.findByText('Vous devez accepter les conditions')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /J'accepte les conditions/ }));

    await user.click(submitButton());
    expect(
      await screen.findAllByText('Erreur lors de la création de votre demande. Veuillez réessayer.'),
    ).not.toHaveLength(0);

    requestReply = created;
    await user.click(submitButton());
    await screen.findByRole('heading', { level: 1, name: 'Demande envoyée avec succès !' });
    expect(screen.getByText('Votre demande a été envoyée avec succès !')).toBeInTheDocument();
    expect(posted('/customer-auth/register')).toHaveLength(0);
    expect(posted('/public-booking-requests')[1]?.body).toEqual({
      customerId: customer._id,
      establishment_id: ESTABLISHMENT_ID,
      bookingType: 'anniv',
      type: 'anniv',
      participants: 12,
      startDate: START,
      mainContact: { firstName: 'Camille', lastName: 'Durand', email: 'camille@example.fr', phone: '0601020304' },
      note: '',
      eventDetails: { eventSubType: '', forMe: true, organizationName: '', companyName: '', companyEventType: '' },
      bookingActivities: EXPECTED_LINES,
    });
  });

  it('logs in from step 3 without losing the wizard', async () => {
    const { user } = renderAt({ step: 3, event: ANNIV, lines: [...LINES] });
    await catalogueShown();
    change(/^Remarques/, 'Gâteau surprise');

    await user.click(screen.getByRole('button', { name: 'Se connecter', expanded: false }));
    const login = screen.getByRole('form', { name: 'Connexion à votre compte' });
    fireEvent.change(within(login).getByRole('textbox', { name: /^Email/ }), { target: { value: customer.email } });
    fireEvent.change(within(login).getByLabelText(/^Mot de passe/, { selector: 'input' }), {
      target: { value: 'secret42' },
    });
    await user.click(within(login).getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByTestId('connected-as')).toHaveTextContent('Camille Durand');
    expect(screen.getByText('Connexion réussie')).toBeInTheDocument();
    expect(field(/^Remarques/)).toHaveValue('Gâteau surprise');
    expect(screen.getByRole('heading', { level: 2, name: 'Finalisation' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Récapitulatif de votre demande' })).toHaveTextContent('Animation DJ');
  });

  it('keeps the draft through a reload, passwords excepted', async () => {
    const first = renderAt({ step: 3, event: ANNIV, lines: [...LINES] });
    await catalogueShown();
    change(/^Email/, 'lea@example.fr');
    change(/^Mot de passe/, 'secret42');
    change(/^Remarques/, 'Gâteau surprise');
    await waitFor(() => expect(sessionStorage.getItem(DRAFT_STORAGE_KEY)).toContain('Gâteau surprise'));
    const stored = sessionStorage.getItem(DRAFT_STORAGE_KEY)!;
    expect(stored).toContain('lea@example.fr');
    expect(stored).not.toContain('secret42');

    first.view.unmount();
    sessionStorage.setItem(DRAFT_STORAGE_KEY, stored);
    const second = renderAt(JSON.parse(stored) as typeof EMPTY_DRAFT);

    expect(await screen.findByRole('heading', { level: 2, name: 'Finalisation' })).toBeInTheDocument();
    expect(field(/^Email/)).toHaveValue('lea@example.fr');
    expect(field(/^Remarques/)).toHaveValue('Gâteau surprise');
    expect(field(/^Mot de passe/)).toHaveValue('');
    await user(second).click(screen.getByRole('button', { name: /Précédent/ }));
    // The activity and the service come from two catalogue calls that may answer one after the other.
    await waitFor(() => expect(screen.getAllByTestId('day-line')).toHaveLength(2));
  });
});

function user(rendered: { user: ReturnType<typeof userEvent.setup> }) {
  return rendered.user;
}
