// @vitest-environment jsdom
import { todayInParis } from '@shared/booking-days';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingDetail } from '@shared/api/customer-booking.schema';
import { catalogueItem, customer, detail, line, participant, slot } from './support/booking-fixtures';
import { bookingDetailLoaded } from './support/booking-detail-page';
import { startLocalServer, type Reply } from './support/local-server';
import { installMatchMedia } from './support/match-media';

const ID = 'b0000000-0000-4000-8000-000000000001';
const DETAIL_URL = `/api/v1/customer-booking-requests/${ID}`;
const ok = (data: unknown): Reply => ({ status: 200, body: { success: true, data } });
const failure = (status: number, error: string): Reply => ({
  status,
  body: { success: false, error, message: error, code: 'ERROR' },
});

/** Saturday 15 June 2030 (J+0) and Sunday 16 June (J+1), each line with its own slots. */
const saturdaySlots = [
  slot('saturday', '14:00', '16:00'),
  slot('saturday', '09:00', '11:00'),
  slot('saturday', '11:00', '13:00', false),
  slot('sunday', '10:00', '12:00'),
];
const parcours = line({ selectedTimeSlot: { startTime: '14:00', endTime: '16:00' }, timeSlots: saturdaySlots });
const paintball = line({
  _id: 'line-paintball',
  name: 'Paintball',
  catalogActivityId: 'act-paintball',
  category: 'sport',
  scheduledDate: '2030-06-16',
  selectedTimeSlot: { startTime: '10:00', endTime: '12:00' },
  customParticipants: 8,
  pricing: { basePrice: 20, pricingType: 'per_person' },
  total: 160,
  timeSlots: saturdaySlots,
});
const repas = line({
  _id: 'line-repas',
  kind: 'service',
  name: 'Repas du midi',
  catalogActivityId: null,
  catalogServiceId: 'srv-repas',
  category: 'restauration',
  pricing: { basePrice: 150, pricingType: 'flat' },
  availability: { duration: null },
  total: 150,
});
const organizerDraft = detail({
  endDate: '2030-06-16',
  bookingActivities: [parcours, paintball],
  bookingServices: [repas],
});

let detailReply: Reply = ok(organizerDraft);
let putReply: Reply = ok(organizerDraft);
let validateReply: Reply = { status: 200, body: { success: true, message: 'Demande validée' } };
let afterValidation: BookingDetail = detail({ clientValidation: 'validated' });
const server = await startLocalServer(({ method, url }) => {
  if (method === 'GET' && url === DETAIL_URL) return detailReply;
  if (method === 'PUT' && url === DETAIL_URL) return putReply;
  if (method === 'POST' && url === `${DETAIL_URL}/validate`) {
    if (validateReply !== 'hang' && validateReply.status === 200) {
      detailReply = ok(afterValidation);
      // Like the server, the answer carries the validated detail (bookingDetailResponse).
      return { status: 200, body: { ...(validateReply.body as object), data: afterValidation } };
    }
    return validateReply;
  }
  if (method === 'GET' && url.startsWith('/api/v1/public-booking-requests/activities')) {
    return ok([catalogueItem()]);
  }
  if (method === 'GET' && url.startsWith('/api/v1/public-booking-requests/services')) {
    return ok([
      catalogueItem({
        _id: 'srv-gouter',
        kind: 'service',
        name: 'Goûter',
        category: 'restauration',
        pricing: { basePrice: 60, pricingType: 'flat' },
        availability: { duration: null },
      }),
    ]);
  }
  return failure(404, 'Ressource non trouvée');
});
vi.stubEnv('VITE_API_URL', server.origin);
const { BookingDetailPage } = await import('@renderer/app/booking-detail-route');
const { ProtectedRoute } = await import('@renderer/app/customer-area');
const { clearAuthToken } = await import('@renderer/shared/session/auth-token');
const { renderRoute } = await import('./support/render-route');
const { setSessionExpiredHandler } = await import('@renderer/shared/api/client');
const { toaster } = await import('@renderer/shared/ui/toaster-store');
const { pageReload } = await import('@renderer/shared/ui/page-reload');

setSessionExpiredHandler(() => undefined);
installMatchMedia();
// A whole page with many role queries: jsdom needs more than the default 5 s when the suite runs in parallel.
vi.setConfig({ testTimeout: 20_000 });

/** The bodies the renderer sent, as the local server received them (GETs send none). */
const sentBodies = () => server.requests.filter((r) => r.body !== undefined).map((r) => r.body);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  toaster.remove();
  clearAuthToken();
  detailReply = ok(organizerDraft);
  putReply = ok(organizerDraft);
  validateReply = { status: 200, body: { success: true, message: 'Demande validée' } };
  afterValidation = detail({ clientValidation: 'validated' });
  server.requests.length = 0;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

function renderDetail(path = `/booking/${ID}`) {
  return renderRoute({
    at: path,
    as: customer,
    routes: [
      {
        path: '/booking/:bookingId',
        element: (
          <ProtectedRoute>
            <BookingDetailPage />
          </ProtectedRoute>
        ),
      },
      { path: '/dashboard', element: <p>page tableau de bord</p> },
    ],
  });
}

const loaded = () => bookingDetailLoaded();
const requestsTo = (method: string, url: string) => server.requests.filter((r) => r.method === method && r.url === url);
const toastText = async (text: string | RegExp, timeout = 2000) =>
  waitFor(
    () => {
      const texts = screen.getAllByTestId('toast').map((toast) => toast.textContent ?? '');
      expect(texts.some((content) => (typeof text === 'string' ? content.includes(text) : text.test(content)))).toBe(
        true,
      );
    },
    { timeout },
  );
const scheduleLine = (name: string) => screen.getByRole('article', { name });
const section = (name: string) => screen.getByRole('region', { name });

describe('Booking detail: header, progress and sections (SPEC.md §2)', () => {
  it('shows the organizer the reference, date, count, badges, progress, validate button and sections', async () => {
    renderDetail();
    await loaded();

    expect(document.title).toBe('Réservation GRP-2030-00001 – Parc Aventure des Landes');
    expect(screen.getByRole('link', { name: 'Retour au tableau de bord' })).toHaveAttribute('href', '/dashboard');
    const header = screen.getByRole('banner');
    expect(within(header).getByText('samedi 15 juin 2030')).toBeInTheDocument();
    expect(within(header).getByText('12 participants')).toBeInTheDocument();
    expect(within(header).getByTestId('status-badge')).toHaveTextContent('Brouillon');
    expect(within(header).getByTestId('role-badge')).toHaveTextContent('Organisateur');
    expect(within(header).queryByTestId('participation-badge')).not.toBeInTheDocument();

    const steps = within(screen.getByTestId('progress-steps')).getAllByRole('listitem');
    expect(steps).toHaveLength(4);
    expect(steps[0]).toHaveTextContent('Demande créée(terminée)');
    expect(steps[1]).toHaveTextContent('Validation client(en cours)');
    expect(steps[2]).toHaveTextContent('Validation équipe(à venir)');
    expect(steps[3]).toHaveTextContent('Paiement / caution(à venir)');
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('progressbar', { name: 'Avancement de la réservation' })).toHaveAttribute(
      'aria-valuetext',
      'Étape 2 sur 4 : Validation client',
    );
    expect(screen.getByTestId('progress-banner')).toHaveTextContent('Votre demande attend votre validation');
    expect(screen.getByRole('button', { name: 'Valider ma demande' })).toBeInTheDocument();
    expect(screen.queryByTestId('lock-notice')).not.toBeInTheDocument();

    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Avancement',
      'Informations générales',
      'Activités',
      'Participants',
      'Discussion',
    ]);
    expect(within(section('Participants')).getByText('Camille Durand')).toBeInTheDocument();
    expect(within(section('Participants')).getByText('Organisateur')).toBeInTheDocument();
    expect(
      within(section('Discussion')).getByText(/La discussion avec l’équipe du parc arrive bientôt/),
    ).toBeInTheDocument();
  });

  it('keeps headings in order: one h1, no level skipped', async () => {
    renderDetail();
    await loaded();

    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    levels.reduce((previous, level) => {
      expect(level).toBeLessThanOrEqual(previous + 1);
      return level;
    }, 1);
  });

  it('shows the schedule by day with each line’s price, and the estimated total', async () => {
    renderDetail();
    await loaded();

    const days = screen.getAllByTestId('schedule-day');
    expect(days.map((day) => within(day).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'J+0 - samedi 15 juin',
      'J+1 - dimanche 16 juin',
    ]);
    expect(
      within(days[0]!)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Parcours aventure', 'Repas du midi']);
    expect(within(scheduleLine('Parcours aventure')).getByTestId('line-total')).toHaveTextContent('300,00 €');
    expect(within(scheduleLine('Parcours aventure')).getByText('25,00 € / personne')).toBeInTheDocument();
    expect(within(scheduleLine('Repas du midi')).getByText('150,00 € (forfait)')).toBeInTheDocument();
    expect(within(section('Informations générales')).getByText('300,00 €')).toBeInTheDocument();
  });

  it('shows Paiement only with canPay, a payment config and the team validation; Participants only with canAddParticipants', async () => {
    const permissions = { canModify: true, canModifyActivities: true, canAddParticipants: false, canPay: true };
    detailReply = ok(detail({ permissions }));
    renderDetail();
    await loaded();
    let titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).not.toContain('Paiement');
    expect(titles).not.toContain('Participants');
    cleanup();

    detailReply = ok(
      detail({
        permissions,
        status: 'prebooked',
        clientValidation: 'validated',
        adminValidation: 'validated',
        payment: {
          config: {
            type: 'full_payment_organizer',
            amount: 450,
            percentage: null,
            dueDate: '2030-06-01T10:00:00.000Z',
            instructions: 'Merci de régler avant la date limite.',
            contractUrl: '/api/v1/contracts/contrat-GRP-2030-00001.pdf',
            authorizationCanceled: false,
            depositAvailableFrom: null,
          },
          status: 'unpaid',
          totalAmount: 450,
          collective: null,
        },
      }),
    );
    renderDetail();
    await loaded();
    titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toContain('Paiement');
    expect(await screen.findByText('Merci de régler avant la date limite.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Payer 450,00\s€$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Télécharger le contrat' })).toBeInTheDocument();
  });

  it('past the due date: the expired banner with the limit date and an e-mail link, the urgent banner, no pay button', async () => {
    detailReply = ok(
      detail({
        permissions: { canModify: false, canModifyActivities: false, canAddParticipants: false, canPay: true },
        status: 'prebooked',
        clientValidation: 'validated',
        adminValidation: 'validated',
        payment: {
          config: {
            type: 'full_payment_organizer',
            amount: 450,
            percentage: null,
            dueDate: '2020-03-01T10:00:00.000Z',
            instructions: '',
            contractUrl: '/api/v1/contracts/contrat-GRP-2030-00001.pdf',
            authorizationCanceled: false,
            depositAvailableFrom: null,
          },
          status: 'unpaid',
          totalAmount: 450,
          collective: null,
        },
      }),
    );
    renderDetail();
    await loaded();
    const expired = await screen.findByTestId('payment-expired');
    expect(within(expired).getByText('Délai de paiement expiré')).toBeInTheDocument();
    expect(expired).toHaveTextContent('La date limite de paiement était le 01/03/2020 à 11:00.');
    expect(within(expired).getByRole('link', { name: 'Contacter l’équipe par e-mail' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
    expect(screen.getByTestId('payment-urgent')).toHaveTextContent(
      'Le délai de paiement de votre réservation est dépassé',
    );
    expect(screen.queryByRole('button', { name: /^Payer/ })).toBeNull();
  });

  it('scrolls to the discussion when opened at #discussion', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    renderDetail(`/booking/${ID}#discussion`);
    await loaded();

    await waitFor(() => expect(scrolled.map((element) => element.id)).toContain('discussion'));
  });
});

describe('Booking detail: locked states by role and status (SPEC.md §4)', () => {
  it.each([
    {
      label: 'a participant who has not joined',
      booking: detail({
        userRole: 'participant',
        participantDetails: { status: 'invited', hasConnected: false, joinedAt: null },
        permissions: { canModify: false, canModifyActivities: false, canAddParticipants: false, canPay: false },
      }),
      message: 'Mode participant',
      status: 'En attente',
      role: 'Participant',
      participation: 'Invité',
    },
    {
      label: 'a participant who joined',
      booking: detail({
        userRole: 'participant',
        status: 'confirmed',
        clientValidation: 'validated',
        adminValidation: 'validated',
        participantDetails: { status: 'joined', hasConnected: true, joinedAt: '2026-12-01T10:00:00.000Z' },
        permissions: { canModify: false, canModifyActivities: false, canAddParticipants: false, canPay: false },
      }),
      message: 'Mode participant',
      status: 'Confirmée',
      role: 'Participant',
      participation: 'Rejoint',
    },
    {
      label: 'the organizer after validating',
      booking: detail({ clientValidation: 'validated' }),
      message: 'Vous avez validé votre demande et ne pouvez plus la modifier.',
      status: 'Brouillon',
      role: 'Organisateur',
      participation: null,
    },
    {
      label: 'the organizer of a prebooked request',
      booking: detail({ status: 'prebooked', clientValidation: 'validated', adminValidation: 'validated' }),
      message: 'Vous avez validé votre demande et ne pouvez plus la modifier.',
      status: 'Pré-réservée',
      role: 'Organisateur',
      participation: null,
    },
    {
      label: 'the organizer of a canceled request',
      booking: detail({ status: 'canceled' }),
      message: 'Votre réservation ne peut plus être modifiée.',
      status: 'Annulée',
      role: 'Organisateur',
      participation: null,
    },
    {
      label: 'the organizer of a draft the server locked',
      booking: detail({
        permissions: { canModify: false, canModifyActivities: false, canAddParticipants: true, canPay: false },
      }),
      message: 'Votre réservation ne peut plus être modifiée.',
      status: 'Brouillon',
      role: 'Organisateur',
      participation: null,
      // Validation is the organizer's own step, still open while client validation is pending.
      canValidate: true,
    },
  ])('locks editing for $label', async ({ booking, message, status, role, participation, canValidate = false }) => {
    detailReply = ok(booking);
    renderDetail();
    await loaded();

    expect(screen.getByTestId('lock-notice')).toHaveTextContent(message);
    const header = screen.getByRole('banner');
    expect(within(header).getByTestId('status-badge')).toHaveTextContent(new RegExp(`^${status}$`));
    expect(within(header).getByTestId('role-badge')).toHaveTextContent(role);
    if (participation) expect(within(header).getByTestId('participation-badge')).toHaveTextContent(participation);
    else expect(within(header).queryByTestId('participation-badge')).not.toBeInTheDocument();
    if (role === 'Participant') {
      expect(screen.getByTestId('lock-notice')).toHaveTextContent(/Seul l'organisateur peut modifier/);
    }

    // Read-only: no form, no select, no add/remove, no validation.
    expect(screen.queryByRole('heading', { name: 'Modifier la réservation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Ajouter une activité/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ajouter une journée' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Retirer/ })).not.toBeInTheDocument();
    if (canValidate) expect(screen.getByRole('button', { name: 'Valider ma demande' })).toBeInTheDocument();
    else expect(screen.queryByRole('button', { name: 'Valider ma demande' })).not.toBeInTheDocument();
    expect(within(scheduleLine('Parcours aventure')).getByText('12')).toBeInTheDocument();
  });

  it('shows the current step and banner after client validation and after confirmation', async () => {
    detailReply = ok(detail({ clientValidation: 'validated' }));
    renderDetail();
    await loaded();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Validation équipe');
    expect(screen.getByTestId('progress-banner')).toHaveTextContent('Demande en cours d’étude');
    cleanup();

    detailReply = ok(detail({ status: 'confirmed', clientValidation: 'validated', adminValidation: 'validated' }));
    renderDetail();
    await loaded();
    expect(screen.queryByRole('listitem', { current: 'step' })).not.toBeInTheDocument();
    expect(screen.getByTestId('progress-banner')).toHaveTextContent('Réservation confirmée');
  });
});

describe('Booking detail: editing the event (SPEC.md §5 Event editing)', () => {
  it('moves the date: start, end and every line shift by the same days, with lastModified', async () => {
    const { user } = renderDetail();
    await loaded();

    const date = screen.getByLabelText(/^Date de l’événement/);
    expect(date).toHaveValue('2030-06-15');
    fireEvent.change(date, { target: { value: '2030-06-22' } });
    await user.click(screen.getByRole('button', { name: 'Enregistrer la date' }));

    await toastText('Modification enregistrée');
    expect(requestsTo('PUT', DETAIL_URL)).toHaveLength(1);
    expect(sentBodies()).toEqual([
      {
        startDate: '2030-06-22',
        endDate: '2030-06-23',
        bookingActivities: [
          {
            _id: 'line-parcours',
            catalogActivityId: 'act-parcours',
            scheduledDate: '2030-06-22',
            selectedTimeSlot: { startTime: '14:00', endTime: '16:00' },
            customParticipants: 12,
            followsBookingCount: true,
          },
          {
            _id: 'line-paintball',
            catalogActivityId: 'act-paintball',
            scheduledDate: '2030-06-23',
            selectedTimeSlot: { startTime: '10:00', endTime: '12:00' },
            customParticipants: 8,
            followsBookingCount: true,
          },
        ],
        bookingServices: [
          {
            _id: 'line-repas',
            catalogServiceId: 'srv-repas',
            scheduledDate: '2030-06-22',
            selectedTimeSlot: null,
            customParticipants: 12,
            followsBookingCount: true,
          },
        ],
        lastModified: '2026-11-22T17:05:00.000Z',
      },
    ]);
  });

  it('drops the slots the new weekday does not offer when the date moves', async () => {
    const { user } = renderDetail();
    await loaded();

    fireEvent.change(screen.getByLabelText(/^Date de l’événement/), { target: { value: '2030-06-16' } });
    await user.click(screen.getByRole('button', { name: 'Enregistrer la date' }));

    await toastText(/Certains créneaux ne sont pas proposés le nouveau jour/);
    const body = sentBodies()[0] as { bookingActivities: { scheduledDate: string; selectedTimeSlot: unknown }[] };
    expect(body.bookingActivities.map((item) => [item.scheduledDate, item.selectedTimeSlot])).toEqual([
      ['2030-06-16', null],
      ['2030-06-17', null],
    ]);
  });

  it('refuses an empty or past date and a count outside 1..100 without calling the server', async () => {
    const { user } = renderDetail();
    await loaded();

    const date = screen.getByLabelText(/^Date de l’événement/);
    fireEvent.change(date, { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Enregistrer la date' }));
    expect(await screen.findByText('Veuillez sélectionner une date')).toBeInTheDocument();
    fireEvent.change(date, { target: { value: '2020-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Enregistrer la date' }));
    expect(await screen.findByText('La date ne peut pas être dans le passé')).toBeInTheDocument();
    expect(date).toHaveAttribute('min');
    // Today: the same rule and message as the wizard.
    fireEvent.change(date, { target: { value: todayInParis() } });
    await user.click(screen.getByRole('button', { name: 'Enregistrer la date' }));
    expect(await screen.findByText('La date doit être au plus tôt demain')).toBeInTheDocument();

    const count = screen.getByRole('spinbutton', { name: /^Nombre de participants/ });
    await user.clear(count);
    await user.click(screen.getByRole('button', { name: 'Enregistrer le nombre de participants' }));
    expect(await screen.findByText("Le nombre de participants doit être d'au moins 1")).toBeInTheDocument();
    await user.type(count, '0');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le nombre de participants' }));
    expect(await screen.findByText("Le nombre de participants doit être d'au moins 1")).toBeInTheDocument();
    await user.clear(count);
    await user.type(count, '101');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le nombre de participants' }));
    expect(await screen.findByText('Le nombre de participants ne peut pas dépasser 100')).toBeInTheDocument();

    expect(requestsTo('PUT', DETAIL_URL)).toEqual([]);
  });

  it('saves the participant count, and names the field when saving fails', async () => {
    const { user } = renderDetail();
    await loaded();

    const count = screen.getByRole('spinbutton', { name: /^Nombre de participants/ });
    await user.clear(count);
    await user.type(count, '20');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le nombre de participants' }));
    await toastText('Modification enregistrée');
    expect(sentBodies()).toEqual([{ participants: 20, lastModified: '2026-11-22T17:05:00.000Z' }]);

    toaster.remove();
    putReply = failure(500, 'Erreur interne');
    await user.clear(count);
    await user.type(count, '25');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le nombre de participants' }));
    await toastText('Erreur lors de la sauvegarde du champ participants');
  });
});

describe('Booking detail: schedule editing (SPEC.md §2 Activités, §5)', () => {
  it('offers only the active slots of the line’s weekday, sorted, and saves the chosen one', async () => {
    const { user } = renderDetail();
    await loaded();

    const saturday = within(scheduleLine('Parcours aventure'));
    const select = saturday.getByRole('combobox', { name: 'Créneau horaire' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choisir un créneau', '09:00 - 11:00', '14:00 - 16:00']);
    expect(select).toHaveValue('14:00-16:00');
    const sunday = within(scheduleLine('Paintball')).getByRole('combobox', { name: 'Créneau horaire' });
    expect(
      within(sunday)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choisir un créneau', '10:00 - 12:00']);
    // A flat-price service without slots: neither a slot message nor a participants field.
    expect(
      within(scheduleLine('Repas du midi')).queryByText('Aucun créneau proposé ce jour-là'),
    ).not.toBeInTheDocument();
    expect(
      within(scheduleLine('Repas du midi')).queryByRole('spinbutton', { name: /Participants/ }),
    ).not.toBeInTheDocument();
    expect(within(scheduleLine('Paintball')).getByRole('spinbutton', { name: /Participants/ })).toBeInTheDocument();

    await user.selectOptions(select, '09:00 - 11:00');
    await toastText('Créneau mis à jour');
    expect(sentBodies()).toEqual([
      {
        bookingActivities: [
          {
            _id: 'line-parcours',
            catalogActivityId: 'act-parcours',
            scheduledDate: '2030-06-15',
            selectedTimeSlot: { startTime: '09:00', endTime: '11:00' },
            customParticipants: 12,
            followsBookingCount: true,
          },
          {
            _id: 'line-paintball',
            catalogActivityId: 'act-paintball',
            scheduledDate: '2030-06-16',
            selectedTimeSlot: { startTime: '10:00', endTime: '12:00' },
            customParticipants: 8,
            followsBookingCount: true,
          },
        ],
        lastModified: '2026-11-22T17:05:00.000Z',
      },
    ]);
  });

  it('prefers the server’s text when a slot cannot be saved', async () => {
    putReply = failure(400, 'Ce créneau est complet');
    const { user } = renderDetail();
    await loaded();

    await user.selectOptions(within(scheduleLine('Parcours aventure')).getByRole('combobox'), '09:00 - 11:00');
    await toastText('Ce créneau est complet');
    expect(within(scheduleLine('Parcours aventure')).getByRole('combobox')).toHaveValue('14:00-16:00');
  });

  it('updates an activity’s participants within 1..50', async () => {
    const { user } = renderDetail();
    await loaded();

    const paintballLine = within(scheduleLine('Paintball'));
    const count = paintballLine.getByRole('spinbutton', { name: /^Participants/ });
    expect(count).toHaveValue(8);
    await user.clear(count);
    await user.type(count, '51');
    await user.click(paintballLine.getByRole('button', { name: /^Appliquer/ }));
    expect(
      await paintballLine.findByText('Le nombre de participants par activité doit être compris entre 1 et 50'),
    ).toBeInTheDocument();
    expect(requestsTo('PUT', DETAIL_URL)).toEqual([]);

    await user.clear(count);
    await user.type(count, '20');
    await user.click(paintballLine.getByRole('button', { name: /^Appliquer/ }));
    await toastText('Participants mis à jour');
    const body = sentBodies()[0] as { bookingActivities: { _id: string; customParticipants: number }[] };
    expect(body.bookingActivities.map((item) => [item._id, item.customParticipants])).toEqual([
      ['line-parcours', 12],
      ['line-paintball', 20],
    ]);
  });

  it('adds an activity for a group of 80 as two sessions of 40 that follow the booking’s count', async () => {
    detailReply = ok({ ...organizerDraft, participants: 80 });
    const { user } = renderDetail();
    await loaded();

    await user.click(
      screen.getByRole('button', { name: 'Ajouter une activité ou un service le J+1 - dimanche 16 juin' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une activité ou un service' });
    expect(within(dialog).getByText('J+1 - dimanche 16 juin')).toBeInTheDocument();
    expect(await within(dialog).findByRole('heading', { level: 3, name: 'Activités' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { level: 3, name: 'Services' })).toBeInTheDocument();
    expect(within(dialog).getByText('20,00 € / personne')).toBeInTheDocument();
    expect(within(dialog).getByText('60,00 € (forfait)')).toBeInTheDocument();
    expect(within(dialog).getByText('1 h 30')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Ajouter Paintball' }));
    await toastText('✓ Activités sauvegardées');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = sentBodies()[0] as { bookingActivities: unknown[]; bookingServices?: unknown };
    expect(body.bookingServices).toBeUndefined();
    const session = {
      catalogActivityId: 'act-paintball',
      scheduledDate: '2030-06-16',
      selectedTimeSlot: null,
      customParticipants: 40,
      followsBookingCount: true,
    };
    expect(body.bookingActivities.slice(-2)).toEqual([session, session]);
    expect(body.bookingActivities).toHaveLength(4);
  });

  it('adds a service into the services list, and says so when adding fails', async () => {
    putReply = failure(500, 'Erreur interne');
    const { user } = renderDetail();
    await loaded();

    await user.click(
      screen.getByRole('button', { name: 'Ajouter une activité ou un service le J+0 - samedi 15 juin' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une activité ou un service' });
    await user.click(await within(dialog).findByRole('button', { name: 'Ajouter Goûter' }));

    await toastText('Erreur lors de la sauvegarde des services');
    await toastText("Erreur lors de l'ajout du service");
    const body = sentBodies()[0] as { bookingServices: unknown[]; bookingActivities?: unknown };
    expect(body.bookingActivities).toBeUndefined();
    expect(body.bookingServices).toEqual([
      {
        _id: 'line-repas',
        catalogServiceId: 'srv-repas',
        scheduledDate: '2030-06-15',
        selectedTimeSlot: null,
        customParticipants: 12,
        followsBookingCount: true,
      },
      {
        catalogServiceId: 'srv-gouter',
        scheduledDate: '2030-06-15',
        selectedTimeSlot: null,
        customParticipants: 12,
        followsBookingCount: true,
      },
    ]);
  });

  it('says the activities were not saved when adding an activity fails', async () => {
    putReply = failure(500, 'Erreur interne');
    const { user } = renderDetail();
    await loaded();

    await user.click(
      screen.getByRole('button', { name: 'Ajouter une activité ou un service le J+0 - samedi 15 juin' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une activité ou un service' });
    await user.click(await within(dialog).findByRole('button', { name: 'Ajouter Paintball' }));

    await toastText('Erreur lors de la sauvegarde des activités');
    await toastText("Erreur lors de l'ajout de l'activité");
    expect(screen.getByRole('dialog', { name: 'Ajouter une activité ou un service' })).toBeInTheDocument();
  });

  it('removes an activity, and says so when removing fails', async () => {
    const { user } = renderDetail();
    await loaded();

    await user.click(screen.getByRole('button', { name: 'Retirer Parcours aventure' }));
    await toastText('Activité supprimée');
    expect(sentBodies()[0]).toEqual({
      bookingActivities: [
        {
          _id: 'line-paintball',
          catalogActivityId: 'act-paintball',
          scheduledDate: '2030-06-16',
          selectedTimeSlot: { startTime: '10:00', endTime: '12:00' },
          customParticipants: 8,
          followsBookingCount: true,
        },
      ],
      lastModified: '2026-11-22T17:05:00.000Z',
    });

    putReply = failure(500, 'Erreur interne');
    await user.click(screen.getByRole('button', { name: 'Retirer Paintball' }));
    await toastText("Erreur lors de la suppression de l'activité");
  });

  it('adds an empty day after the last one, saying it is kept only once an item is placed on it', async () => {
    const notice =
      'Cette journée n’est pas encore enregistrée : ajoutez-y une activité ou un service pour la conserver.';
    const { user } = renderDetail();
    await loaded();
    expect(screen.queryByText(notice)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Ajouter une journée' }));
    await toastText('Journée J+2 ajoutée');
    await toastText(notice);
    const day = screen.getByRole('region', { name: 'J+2 - lundi 17 juin' });
    expect(within(day).getByText('Aucune activité prévue ce jour.')).toBeInTheDocument();
    expect(within(day).getByTestId('unsaved-day')).toHaveTextContent(notice);
    // Only the added day: the saved ones carry no notice.
    expect(screen.getAllByTestId('unsaved-day')).toHaveLength(1);
    // The server keeps a day only through its items (it derives the end date): nothing to send yet.
    expect(requestsTo('PUT', DETAIL_URL)).toEqual([]);
  });

  it('shows the server’s text and reloads the booking on a stale write (409)', async () => {
    putReply = failure(
      409,
      'Conflit de données : la réservation a été modifiée entre-temps, veuillez recharger la page',
    );
    const { user } = renderDetail();
    await loaded();
    expect(requestsTo('GET', DETAIL_URL)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Retirer Parcours aventure' }));
    await toastText(/^Conflit de données : la réservation a été modifiée entre-temps/);
    await waitFor(() => expect(requestsTo('GET', DETAIL_URL)).toHaveLength(2));
  });

  it('reloads the page when the booking got locked meanwhile (403)', async () => {
    putReply = failure(403, 'Modification non autorisée - La réservation est verrouillée');
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    const { user } = renderDetail();
    await loaded();

    await user.click(screen.getByRole('button', { name: 'Retirer Parcours aventure' }));
    await toastText('Modification non autorisée - La réservation est verrouillée');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 8000 });
  });
});

describe('Booking detail: client validation (SPEC.md §2, §4)', () => {
  it('asks for confirmation, validates, then shows the booking locked', async () => {
    const { user } = renderDetail();
    await loaded();

    await user.click(screen.getByRole('button', { name: 'Valider ma demande' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Valider ma demande' });
    expect(dialog).toHaveTextContent(/irréversible/);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer la validation' }));

    await toastText('Votre demande a été validée');
    expect(requestsTo('POST', `${DETAIL_URL}/validate`)).toHaveLength(1);
    expect(
      await screen.findByText('Vous avez validé votre demande et ne pouvez plus la modifier.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Valider ma demande' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('sends nothing when cancelled', async () => {
    const { user } = renderDetail();
    await loaded();

    await user.click(screen.getByRole('button', { name: 'Valider ma demande' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requestsTo('POST', `${DETAIL_URL}/validate`)).toEqual([]);
  });

  it.each([
    [failure(400, 'Vous avez déjà validé cette demande'), 'Vous avez déjà validé cette demande'],
    [failure(500, 'Erreur interne'), 'Erreur lors de la validation de la demande'],
  ])('shows the server’s error text, else the generic message', async (reply, message) => {
    validateReply = reply;
    const { user } = renderDetail();
    await loaded();

    await user.click(screen.getByRole('button', { name: 'Valider ma demande' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirmer la validation' }),
    );
    await toastText(message);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});

describe('Booking detail: load errors (SPEC.md §8)', () => {
  it('shows "Réservation non trouvée" with a way back to the dashboard on 404, without retrying', async () => {
    detailReply = failure(404, 'Réservation non trouvée');
    const { user } = renderDetail();

    expect(await screen.findByRole('heading', { level: 1, name: 'Réservation non trouvée' })).toBeInTheDocument();
    expect(document.title).toBe('Réservation non trouvée – Parc Aventure des Landes');
    expect(requestsTo('GET', DETAIL_URL)).toHaveLength(1);
    await user.click(screen.getByRole('link', { name: 'Retour au tableau de bord' }));
    expect(await screen.findByText('page tableau de bord')).toBeInTheDocument();
  });

  it('shows the load error toast and the error page when the server fails', async () => {
    detailReply = failure(500, 'Erreur interne');
    renderDetail();

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Erreur lors du chargement de la réservation' },
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
    await toastText('Erreur lors du chargement de la réservation');
    expect(screen.getByRole('link', { name: 'Retour au tableau de bord' })).toHaveAttribute('href', '/dashboard');
  });
});

describe('Booking detail: participants list', () => {
  it('lists the active participants with their role and whether they joined', async () => {
    detailReply = ok(
      detail({
        bookingParticipants: [
          participant(),
          participant({
            _id: 'p-2',
            firstName: 'Hugo',
            lastName: 'Petit',
            email: 'hugo@example.fr',
            role: 'Participant',
            hasConnected: false,
            joinedAt: null,
            status: 'invited',
          }),
          participant({ _id: 'p-3', firstName: 'Ancien', lastName: 'Membre', isActive: false, role: 'Participant' }),
        ],
      }),
    );
    renderDetail();
    await loaded();

    const list = within(section('Participants'));
    const rows = list.getAllByTestId('participant');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('Hugo Petit')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Participant')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Invité')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Rejoint')).toBeInTheDocument();
    expect(list.queryByText('Ancien Membre')).not.toBeInTheDocument();
  });
});
