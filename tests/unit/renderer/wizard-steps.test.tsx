// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addIsoDays, todayInParis, tomorrowInParis } from '@shared/booking-days';
import { dayLabel } from '@shared/day-label';
import { startLocalServer, type Reply } from './support/local-server';
import { installMatchMedia } from './support/match-media';
import { ACTIVITIES, BARBECUE, DJ, PARCOURS, SERVICES, START } from './wizard-fixtures';

let catalogueFails = false;
const server = await startLocalServer(({ method, url }) => {
  if (method === 'GET' && url.startsWith('/api/v1/public-booking-requests/activities')) {
    return catalogueFails ? failure : { status: 200, body: { success: true, data: ACTIVITIES } };
  }
  if (method === 'GET' && url.startsWith('/api/v1/public-booking-requests/services')) {
    return catalogueFails ? failure : { status: 200, body: { success: true, data: SERVICES } };
  }
  return { status: 404, body: { success: false } };
});
const failure: Reply = {
  status: 500,
  body: { success: false, error: 'Erreur interne', message: 'Erreur interne', code: 'INTERNAL' },
};
vi.stubEnv('VITE_API_URL', server.origin);
const { BookingWizardPage } = await import('@renderer/features/booking-wizard/booking-wizard-page');
const { DRAFT_STORAGE_KEY, EMPTY_DRAFT } = await import('@renderer/features/booking-wizard/wizard-draft');
const { toaster } = await import('@renderer/shared/ui/toaster-store');
const { currentLocation, renderRoute } = await import('./support/render-route');

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
  sessionStorage.clear();
  catalogueFails = false;
  server.requests.length = 0;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

function renderWizard() {
  return renderRoute({
    at: '/reservation',
    routes: [
      { path: '/reservation', element: <BookingWizardPage /> },
      { path: '/', element: <p>Accueil</p> },
    ],
  });
}

/** Starts the wizard on a stored draft, as after a reload. */
function renderAt(draft: Partial<typeof EMPTY_DRAFT>) {
  sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ ...EMPTY_DRAFT, ...draft }));
  return renderWizard();
}

const validEvent = { ...EMPTY_DRAFT.event, bookingType: 'act' as const, participants: '12', date: START };

const continueButton = () => screen.getByRole('button', { name: 'Continuer' });
const participantsInput = () => screen.getByRole('spinbutton', { name: /^Nombre de participants/ });
const dateInput = () => screen.getByLabelText(/^Date souhaitée/);
const eventCard = (name: RegExp) => within(screen.getByTestId('event-types')).getByRole('button', { name });

describe('Booking wizard, step 1 "Votre événement" (SPEC.md §2, §5)', { timeout: 30_000 }, () => {
  it('shows the step indicator, one h1, and Retour leading home', async () => {
    const { user } = renderWizard();

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Votre événement' })).toBeInTheDocument();
    const steps = screen.getByRole('navigation', { name: 'Étapes de la réservation' });
    expect(within(steps).getByText('Activités & Services')).toBeInTheDocument();
    expect(within(steps).getByText('Finalisation')).toBeInTheDocument();
    expect(within(steps).getByText('Étape 1 sur 3')).toBeInTheDocument();
    expect(within(steps).getByRole('progressbar', { name: 'Étape 1 sur 3' })).toBeInTheDocument();
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((step) => step.getAttribute('aria-current')),
    ).toEqual(['step', null, null]);

    await user.click(screen.getByRole('link', { name: 'Retour' }));
    expect(currentLocation()).toBe('/');
  });

  it('lists the five event types as toggle buttons', () => {
    renderWizard();
    const cards = within(screen.getByTestId('event-types')).getAllByRole('button');
    expect(cards.map((card) => card.querySelector('p')?.textContent)).toEqual([
      'Enterrement de vie de garçon/fille',
      'Anniversaire',
      'Groupe / Association',
      'Entreprise',
      'Individuel',
    ]);
    for (const card of cards) expect(card).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows every message and the toast when nothing is filled in', async () => {
    const { user } = renderWizard();

    await user.click(continueButton());

    expect(await screen.findByText('Veuillez corriger les erreurs avant de continuer')).toBeInTheDocument();
    expect(screen.getByText("Veuillez sélectionner un type d'événement")).toBeInTheDocument();
    expect(screen.getByText("Le nombre de participants doit être d'au moins 1")).toBeInTheDocument();
    expect(screen.getByText('Veuillez sélectionner une date')).toBeInTheDocument();
    expect(participantsInput()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Votre événement' })).toBeInTheDocument();
  });

  it.each([
    { card: /^Enterrement de vie/, messages: ["Veuillez sélectionner le type d'événement spécifique"] },
    { card: /^Groupe/, messages: ["Le nom du club ou de l'association est requis"] },
    {
      card: /^Entreprise/,
      messages: ["Le nom de l'entreprise est requis", "Veuillez sélectionner le type d'événement d'entreprise"],
    },
  ])('asks for the sub-fields of $card at the same time as the other fields', async ({ card, messages }) => {
    const { user } = renderWizard();
    await user.click(eventCard(card));

    await user.click(continueButton());

    for (const message of messages) expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Veuillez sélectionner une date')).toBeInTheDocument();
    expect(screen.queryByText("Veuillez sélectionner un type d'événement")).not.toBeInTheDocument();
  });

  it('offers the four evg-evjf sub-types, the two company event types and the "Pour moi" box', async () => {
    const { user } = renderWizard();

    await user.click(eventCard(/^Enterrement de vie/));
    for (const name of [
      'Enterrement de vie de garçon',
      'Enterrement de vie de jeune fille',
      'Enterrement de vie de garçon (gay)',
      'Enterrement de vie de couple',
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    await user.click(eventCard(/^Entreprise/));
    expect(screen.getByRole('button', { name: 'Séminaire' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Comité d'Entreprise" })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Nom de l'entreprise/ })).toBeInTheDocument();
    await user.click(eventCard(/^Anniversaire/));
    expect(eventCard(/^Anniversaire/)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('checkbox', { name: 'Pour moi' })).not.toBeChecked();
  });

  it('clears a field’s message as soon as the field is edited, and only that one', async () => {
    const { user } = renderWizard();
    await user.click(continueButton());
    await screen.findByText("Le nombre de participants doit être d'au moins 1");

    await user.type(participantsInput(), '8');
    expect(screen.queryByText("Le nombre de participants doit être d'au moins 1")).not.toBeInTheDocument();
    expect(screen.getByText("Veuillez sélectionner un type d'événement")).toBeInTheDocument();

    await user.click(eventCard(/^Groupe/));
    expect(screen.queryByText("Veuillez sélectionner un type d'événement")).not.toBeInTheDocument();
    expect(screen.getByText('Veuillez sélectionner une date')).toBeInTheDocument();
  });

  it('refuses 0 and 101 participants, a past date and today', async () => {
    const { user } = renderWizard();
    await user.click(eventCard(/^Individuel/));
    await user.type(participantsInput(), '101');
    fireEvent.change(dateInput(), { target: { value: addIsoDays(todayInParis(), -1) } });

    await user.click(continueButton());
    expect(await screen.findByText('Le nombre de participants ne peut pas dépasser 100')).toBeInTheDocument();
    expect(screen.getByText('La date ne peut pas être dans le passé')).toBeInTheDocument();

    await user.clear(participantsInput());
    await user.type(participantsInput(), '0');
    fireEvent.change(dateInput(), { target: { value: todayInParis() } });
    await user.click(continueButton());
    expect(await screen.findByText("Le nombre de participants doit être d'au moins 1")).toBeInTheDocument();
    expect(screen.getByText('La date doit être au plus tôt demain')).toBeInTheDocument();
  });

  it('offers tomorrow as the earliest date and writes the chosen date in full', () => {
    renderWizard();
    expect(dateInput()).toHaveAttribute('min', tomorrowInParis());
    expect(participantsInput()).toHaveAttribute('min', '1');
    expect(participantsInput()).toHaveAttribute('max', '100');
    expect(screen.getByText('Entre 1 et 100 participants')).toBeInTheDocument();

    fireEvent.change(dateInput(), { target: { value: '2031-12-06' } });

    expect(screen.getByTestId('chosen-date')).toHaveTextContent('samedi 6 décembre 2031');
  });

  it('moves on to step 2 once the event is valid, and back with Précédent', async () => {
    const { user } = renderWizard();
    await user.click(eventCard(/^Groupe/));
    await user.type(screen.getByRole('textbox', { name: /^Nom du club/ }), 'Rugby Club');
    await user.type(participantsInput(), '20');
    fireEvent.change(dateInput(), { target: { value: START } });

    await user.click(continueButton());

    // The title gets the focus in an effect after the step is shown: wait for it, not only for the title.
    const title = await screen.findByRole('heading', { level: 2, name: 'Activités & Services' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(screen.getByText('Étape 2 sur 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Précédent/ }));
    expect(screen.getByRole('textbox', { name: /^Nom du club/ })).toHaveValue('Rugby Club');
  });

  it('Annuler leads home and forgets the draft', async () => {
    const { user } = renderWizard();
    await user.type(participantsInput(), '20');

    await user.click(screen.getByRole('button', { name: 'Annuler' }));

    expect(currentLocation()).toBe('/');
    expect(sessionStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });
});

describe('Booking wizard, step 2 "Activités & Services" (SPEC.md §2)', { timeout: 30_000 }, () => {
  it('lists day J+0, adds an activity from the catalogue modal and prices it', async () => {
    const { user } = renderAt({ step: 2, event: validEvent });
    expect(await screen.findByRole('heading', { level: 3, name: dayLabel(START, START) })).toBeInTheDocument();
    expect(dayLabel(START, START)).toMatch(/^J\+0 - [a-z]+ \d{1,2} [a-zéû]+$/);

    await user.click(screen.getByRole('button', { name: 'Ajouter une activité ou un service (J+0)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une activité ou un service' });
    expect(await within(dialog).findByRole('heading', { name: 'Activités' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Services' })).toBeInTheDocument();
    expect(await within(dialog).findByText('Tyroliennes et ponts de singe dans les pins')).toBeInTheDocument();
    expect(within(dialog).getByText('2 h')).toBeInTheDocument();
    expect(within(dialog).getByText('25,00 € / personne')).toBeInTheDocument();
    expect(within(dialog).getByText('150,00 € (forfait)')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Ajouter Parcours aventure' }));

    expect(await screen.findByText('Parcours aventure ajouté(e) avec succès')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const line = screen.getByTestId('day-line');
    expect(within(line).getByText('12 participants')).toBeInTheDocument();
    expect(within(line).getByText('300,00 €')).toBeInTheDocument();
    expect(screen.getByTestId('estimated-total')).toHaveTextContent('300,00 €');
    expect(screen.getByText(/Les prix affichés sont indicatifs/)).toBeInTheDocument();
  });

  it('adds a day, schedules a service on it, and sums per-person and flat prices', async () => {
    const { user } = renderAt({
      step: 2,
      event: validEvent,
      lines: [{ id: 'temp_1', kind: 'activity', catalogId: PARCOURS._id, scheduledDate: START }],
    });
    await screen.findByTestId('day-line');

    await user.click(screen.getByRole('button', { name: 'Ajouter une journée' }));
    expect(await screen.findByText('Journée J+1 ajoutée')).toBeInTheDocument();
    const nextDay = addIsoDays(START, 1);
    expect(screen.getByRole('heading', { level: 3, name: dayLabel(START, nextDay) })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ajouter une activité ou un service (J+1)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(dayLabel(START, nextDay))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: `Ajouter ${DJ.name}` }));
    expect(await screen.findByText('Animation DJ ajouté(e) avec succès')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ajouter une activité ou un service (J+1)' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: `Ajouter ${BARBECUE.name}` }),
    );

    // 25 × 12 + 150 + 15,50 × 12
    await waitFor(() => expect(screen.getByTestId('estimated-total')).toHaveTextContent('636,00 €'));
    const summary = screen.getByRole('region', { name: 'Récapitulatif' });
    expect(within(summary).getByText('J+0')).toBeInTheDocument();
    expect(within(summary).getByText('J+1')).toBeInTheDocument();
  });

  it('shows a group over 50 in sessions, and no participant count on a flat-price service', async () => {
    renderAt({
      step: 2,
      event: { ...validEvent, participants: '60' },
      lines: [
        { id: 'temp_1', kind: 'activity', catalogId: PARCOURS._id, scheduledDate: START },
        { id: 'temp_2', kind: 'service', catalogId: DJ._id, scheduledDate: START },
      ],
    });
    const [activity, flat] = await screen.findAllByTestId('day-line');
    expect(within(activity!).getByTestId('line-sessions')).toHaveTextContent('2 sessions : 30 + 30 participants');
    expect(within(activity!).getByText('1 500,00 €')).toBeInTheDocument();
    expect(within(flat!).queryByTestId('line-sessions')).not.toBeInTheDocument();
    expect(within(flat!).queryByText(/participant/)).not.toBeInTheDocument();
    expect(screen.getByTestId('sessions-notice')).toHaveTextContent(
      'Au-delà de 50 participants, une activité se déroule en plusieurs sessions. Votre groupe de 60 personnes : 2 sessions : 30 + 30 participants.',
    );
  });

  it('marks an item already on the day and removes a line with "Activité supprimée"', async () => {
    const { user } = renderAt({
      step: 2,
      event: validEvent,
      lines: [{ id: 'temp_1', kind: 'activity', catalogId: PARCOURS._id, scheduledDate: START }],
    });
    await screen.findByTestId('day-line');
    await user.click(screen.getByRole('button', { name: 'Ajouter une activité ou un service (J+0)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: /Parcours aventure : déjà ajouté/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));

    await user.click(screen.getByRole('button', { name: 'Retirer Parcours aventure' }));

    expect(await screen.findByText('Activité supprimée')).toBeInTheDocument();
    expect(screen.queryByTestId('day-line')).not.toBeInTheDocument();
    expect(screen.getByTestId('estimated-total')).toHaveTextContent('0,00 €');
  });

  it('shows the category placeholder when a picture cannot be loaded', async () => {
    const { user } = renderAt({ step: 2, event: validEvent });
    await user.click(await screen.findByRole('button', { name: 'Ajouter une activité ou un service (J+0)' }));
    const dialog = await screen.findByRole('dialog');
    const entry = (await within(dialog).findByText('Parcours aventure')).closest('li')!;
    const picture = entry.querySelector('img')!;
    expect(picture).toHaveAttribute('src', `${server.origin}/uploads/catalogue/parcours-aventure.svg`);

    fireEvent.error(picture);

    expect(entry.querySelector('img')).toBeNull();
    expect(within(entry).getByTestId('image-placeholder')).toBeInTheDocument();
    // Items with no picture at all get the placeholder straight away.
    expect(within(dialog).getAllByTestId('image-placeholder')).toHaveLength(4);
  });

  it('refuses to continue without any item', async () => {
    const { user } = renderAt({ step: 2, event: validEvent });
    await screen.findByRole('heading', { level: 2, name: 'Activités & Services' });

    await user.click(continueButton());

    expect(await screen.findAllByText('Veuillez sélectionner au moins une activité ou service')).not.toHaveLength(0);
    expect(screen.getByRole('heading', { level: 2, name: 'Activités & Services' })).toBeInTheDocument();
  });

  it('says so when the catalogue cannot be loaded, and lists nothing', async () => {
    catalogueFails = true;
    const { user } = renderAt({
      step: 2,
      event: validEvent,
      lines: [{ id: 'temp_1', kind: 'activity', catalogId: PARCOURS._id, scheduledDate: START }],
    });

    expect(await screen.findByText('Erreur lors du chargement des activités et services')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ajouter une activité ou un service (J+0)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Aucune activité disponible pour le moment.')).toBeInTheDocument();
    expect(within(dialog).getByText('Aucun service disponible pour le moment.')).toBeInTheDocument();
    expect(screen.queryByTestId('day-line')).not.toBeInTheDocument();
  });

  it('goes back to step 1 when a stored draft is no longer valid', async () => {
    renderAt({ step: 2, event: { ...validEvent, date: addIsoDays(todayInParis(), -3) } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Votre événement' })).toBeInTheDocument();
  });
});
