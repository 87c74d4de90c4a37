// The customer area: the dashboard lists (SPEC.md §2 'Customer dashboard') and the booking detail
// at /booking/{bookingId} ('Booking detail'), with the editing rule of SPEC.md §4 and the toasts of
// SPEC.md §8 'Dashboard and editing'. The data is created through the real API.
import { randomInt } from 'node:crypto';
import { expect, test as base, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { CreateBookingRequestResponse } from '../../src/shared/api/booking-request.schema';
import type { CatalogueItem } from '../../src/shared/api/catalogue.schema';
import type { AuthSessionResponse } from '../../src/shared/api/auth.schema';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { ESTABLISHMENT_ID } from '../../src/shared/constants';
import { waitForMail } from './stand-ins/mailbox';
import { bookingRequestPayload, expectNoAxeViolations, expectNoHorizontalScroll, seedToken } from './support';

/**
 * Every test is its own visitor, from its own address: the per-address limit on registrations
 * (10 an hour) must not make the suite depend on how many specs register.
 */
const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({
      ...extraHTTPHeaders,
      'X-Forwarded-For': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
    });
  },
});

const PASSWORD = 'Clairiere-des-pins-2026';
const LOCKED_BY_VALIDATION = 'Vous avez validé votre demande et ne pouvez plus la modifier.';

interface Account {
  token: string;
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

interface Booking {
  id: string;
  reference: string;
  startDate: string;
}

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${randomInt(1e6)}@exemple.fr`;
}

function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

async function register(request: APIRequestContext, firstName: string, lastName: string): Promise<Account> {
  const email = uniqueEmail(firstName.toLowerCase());
  const response = await request.post('/api/v1/customer-auth/register', {
    data: { firstName, lastName, email, password: PASSWORD, phone: null },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as AuthSessionResponse;
  return { token: body.token, id: body.customer._id, firstName, lastName, email };
}

async function catalogueActivity(request: APIRequestContext, name: string): Promise<CatalogueItem> {
  const response = await request.get('/api/v1/public-booking-requests/activities', {
    params: { establishment_id: ESTABLISHMENT_ID, isActive: 'true' },
  });
  expect(response.ok()).toBe(true);
  const item = ((await response.json()) as { data: CatalogueItem[] }).data.find((entry) => entry.name === name);
  expect(item, `${name} in the catalogue`).toBeDefined();
  return item!;
}

/** A 'act' request of 4 people, Paintball on its first day, as the wizard sends it. */
async function createRequest(request: APIRequestContext, organizer: Account, startDate: string): Promise<Booking> {
  const paintball = await catalogueActivity(request, 'Paintball');
  const response = await request.post('/api/v1/public-booking-requests', {
    headers: bearer(organizer.token),
    data: bookingRequestPayload({ organizer: organizer, activity: paintball, startDate }),
  });
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as CreateBookingRequestResponse;
  return { id: data._id, reference: data.bookingRequestId, startDate };
}

/** 'J+0 - samedi 5 décembre', the heading of a day of the schedule (SPEC.md §2). */
function dayTitle(offset: number, day: string): string {
  const date = new Intl.DateTimeFormat('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
  return `J+${offset} - ${date}`;
}

/** 'samedi 5 décembre 2026' */
function longDate(day: string): string {
  return new Intl.DateTimeFormat('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.getByTestId('toast').filter({ hasText: text }).first()).toBeVisible();
}

function scheduleDay(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

function scheduleLine(page: Page, name: string): Locator {
  return page.getByRole('article', { name, exact: true });
}

/** Every control that changes the booking (SPEC.md §2 'Booking detail'). */
async function expectNoEditControls(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Modifier la réservation' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ajouter une journée' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Ajouter une activité/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Retirer/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Appliquer/ })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Créneau horaire' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Valider ma demande' })).toHaveCount(0);
}

async function login(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

test.describe('customer dashboard and booking detail', () => {
  test('the organizer follows, edits and validates a request from the dashboard', async ({ page, request }) => {
    test.setTimeout(120_000);
    const organizer = await register(request, 'Margaux', 'Lambert');
    const start = addIsoDays(tomorrowInParis(), 7);
    const booking = await createRequest(request, organizer, start);
    await seedToken(page, organizer.token);

    // Dashboard: the request with its reference, status and draft notice.
    await page.goto('/dashboard');
    const reservations = page.getByRole('tab', { name: /Mes réservations/ });
    await expect(reservations).toHaveAttribute('aria-selected', 'true');
    const card = page.getByRole('article', { name: booking.reference, exact: true });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('status-badge')).toHaveText('Brouillon');
    await expect(card.getByText('Demande en attente', { exact: true })).toBeVisible();
    await expect(card).toContainText(longDate(start));
    await expect(card).toContainText('4 participants');
    await expectNoAxeViolations(page);

    await card.getByRole('link', { name: /Voir détails/ }).click();
    await expect(page).toHaveURL(new RegExp(`/booking/${booking.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Réservation ${booking.reference}` })).toBeVisible();
    await expect(page.getByTestId('header-badges').getByTestId('role-badge')).toHaveText('Organisateur');
    await expect(page.getByTestId('header-badges').getByTestId('status-badge')).toHaveText('Brouillon');
    await expect(page.getByRole('link', { name: 'Retour au tableau de bord' })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByTestId('lock-notice')).toHaveCount(0);
    await expect(scheduleDay(page, dayTitle(0, start)).getByRole('article', { name: 'Paintball' })).toBeVisible();
    await expectNoAxeViolations(page);

    // Informations générales: move the event by two days; the activities move with it.
    const moved = addIsoDays(start, 2);
    await page.getByLabel('Date de l’événement').fill(moved);
    await page.getByRole('button', { name: 'Enregistrer la date' }).click();
    await expectToast(page, 'Modification enregistrée');
    await expect(scheduleDay(page, dayTitle(0, moved))).toBeVisible();
    await expect(scheduleDay(page, dayTitle(0, moved)).getByRole('article', { name: 'Paintball' })).toBeVisible();
    await expect(scheduleDay(page, dayTitle(0, start))).toHaveCount(0);
    await expect(page.locator('main header')).toContainText(longDate(moved));

    // A second day, then an activity on it from the catalogue.
    await page.getByRole('button', { name: 'Ajouter une journée' }).click();
    await expectToast(page, 'Journée J+1 ajoutée');
    const secondDay = scheduleDay(page, dayTitle(1, addIsoDays(moved, 1)));
    await expect(secondDay.getByText('Aucune activité prévue ce jour.')).toBeVisible();
    await secondDay.getByRole('button', { name: /^Ajouter une activité/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une activité ou un service' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(dayTitle(1, addIsoDays(moved, 1)))).toBeVisible();
    await dialog.getByRole('button', { name: 'Ajouter Tir à l’arc' }).click();
    await expectToast(page, '✓ Activités sauvegardées');
    await expectToast(page, 'Tir à l’arc ajouté(e) avec succès');
    await expect(dialog).toBeHidden();
    await expect(secondDay.getByRole('article', { name: 'Tir à l’arc' })).toBeVisible();

    // A time slot for Paintball, kept after a reload.
    const paintball = scheduleLine(page, 'Paintball');
    const slot = paintball.getByRole('combobox', { name: 'Créneau horaire' });
    await slot.selectOption({ label: '11:00 - 12:30' });
    await expectToast(page, 'Créneau mis à jour');
    await expect(slot).toHaveValue('11:00-12:30');
    await page.reload();
    await expect(scheduleLine(page, 'Paintball').getByRole('combobox', { name: 'Créneau horaire' })).toHaveValue(
      '11:00-12:30',
    );
    await expect(secondDay.getByRole('article', { name: 'Tir à l’arc' })).toBeVisible();

    // Per-activity participants.
    const participants = scheduleLine(page, 'Paintball').getByRole('spinbutton', { name: 'Participants', exact: true });
    await expect(participants).toHaveValue('4');
    await participants.fill('6');
    await scheduleLine(page, 'Paintball')
      .getByRole('button', { name: /^Appliquer/ })
      .click();
    await expectToast(page, 'Participants mis à jour');
    await expect(participants).toHaveValue('6');

    // Validation: irreversible, so confirmed in a dialog; then the page is locked.
    await page.getByRole('button', { name: 'Valider ma demande' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Valider ma demande' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Confirmer la validation' }).click();
    await expectToast(page, 'Votre demande a été validée');
    await expect(page.getByTestId('lock-notice')).toContainText(LOCKED_BY_VALIDATION);
    await expectNoEditControls(page);
    // The saved schedule is still shown, read-only.
    await expect(scheduleLine(page, 'Paintball')).toContainText('11:00 - 12:30');
    await expect(scheduleLine(page, 'Paintball')).toContainText('Participants : 6');
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(page.getByText(LOCKED_BY_VALIDATION)).toBeVisible();
    await expectNoEditControls(page);
  });

  test('an invited customer sees the booking in their invitations, read-only', async ({ page, request }) => {
    test.setTimeout(60_000);
    const organizer = await register(request, 'Bastien', 'Roux');
    const guest = await register(request, 'Chloé', 'Garnier');
    const start = addIsoDays(tomorrowInParis(), 10);
    const booking = await createRequest(request, organizer, start);
    const added = await request.post(`/api/v1/customer-booking-requests/${booking.id}/participants`, {
      headers: bearer(organizer.token),
      data: { firstName: guest.firstName, lastName: guest.lastName, email: guest.email, phone: null },
    });
    expect(added.status(), await added.text()).toBe(201);
    // Invited, not attached (docs/decisions.md, "Product rules"): the guest accepts through the personal link of the e-mail.
    const mail = await waitForMail(guest.email, /vous invite/);
    const inviteToken = /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(inviteToken, 'personal invitation link in the e-mail').toBeTruthy();
    const joined = await request.post(`/api/v1/invitations/${inviteToken}/join`, {
      headers: bearer(guest.token),
      data: { firstName: guest.firstName, lastName: guest.lastName, email: guest.email },
    });
    expect(joined.status(), await joined.text()).toBe(200);

    await login(page, guest.email);
    // No request of their own, one invitation: the invitations tab opens first.
    await expect(page.getByRole('tab', { name: /Mes invitations/ })).toHaveAttribute('aria-selected', 'true');
    const card = page.getByRole('article', { name: booking.reference, exact: true });
    await expect(card.getByTestId('status-badge')).toHaveText('En attente');
    await expect(card.getByTestId('role-badge')).toHaveText('Participant');
    await expect(card.getByText('En attente de confirmation', { exact: true })).toBeVisible();
    await expect(card).toContainText(`${organizer.firstName} ${organizer.lastName}`);
    await expect(card).toContainText(organizer.email);
    await expect(card.getByTestId('participation-badge')).toHaveText('Invité');
    await expect(card.getByRole('link', { name: /Discuter/ })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await card.getByRole('link', { name: /Voir détails/ }).click();
    await expect(page).toHaveURL(new RegExp(`/booking/${booking.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Réservation ${booking.reference}` })).toBeVisible();
    const badges = page.getByTestId('header-badges');
    await expect(badges.getByTestId('role-badge')).toHaveText('Participant');
    await expect(badges.getByTestId('status-badge')).toHaveText('En attente');
    await expect(badges.getByTestId('participation-badge')).toHaveText('Rejoint');
    await expect(page.getByTestId('lock-notice')).toContainText('Mode participant');
    await expect(scheduleLine(page, 'Paintball')).toContainText('non choisi');
    await expectNoEditControls(page);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Retour au tableau de bord' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    const again = page.getByRole('article', { name: booking.reference, exact: true });
    await expect(again.getByTestId('participation-badge')).toHaveText('Rejoint');
    await expect(again).toContainText('Rejoint le');
    await expect(again.getByRole('link', { name: /Discuter/ })).toHaveCount(0);
  });

  test('a stranger cannot open the booking; an empty dashboard offers the wizard', async ({ page, request }) => {
    const organizer = await register(request, 'Inès', 'Faure');
    const stranger = await register(request, 'Théo', 'Blanc');
    const booking = await createRequest(request, organizer, addIsoDays(tomorrowInParis(), 5));
    await seedToken(page, stranger.token);

    await page.goto(`/booking/${booking.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Réservation non trouvée' })).toBeVisible();
    await expect(page.getByText(booking.reference)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Retour au tableau de bord' }).click();
    await expect(page).toHaveURL(/\/dashboard/);

    await expect(page.getByRole('tab', { name: /Mes réservations/ })).toHaveAttribute('aria-selected', 'true');
    const empty = page.getByTestId('reservations-empty');
    await expect(empty).toContainText('Vous n’avez pas encore de demande de réservation');
    await expect(empty.getByRole('link', { name: 'Faire une demande de réservation' })).toHaveAttribute(
      'href',
      '/reservation',
    );
    await expectNoAxeViolations(page);
    await empty.getByRole('link', { name: 'Faire une demande de réservation' }).click();
    await expect(page).toHaveURL(/\/reservation$/);
  });

  test('the booking detail fits a 360 px screen @mobile', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const organizer = await register(request, 'Lucie', 'Morel');
    const booking = await createRequest(request, organizer, addIsoDays(tomorrowInParis(), 3));
    await seedToken(page, organizer.token);
    await page.goto(`/booking/${booking.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Réservation ${booking.reference}` })).toBeVisible();
    await expect(scheduleLine(page, 'Paintball')).toBeVisible();
    await expectNoHorizontalScroll(page);
    const scrollWidth = (await page.evaluate('document.documentElement.scrollWidth')) as number;
    expect(scrollWidth).toBeLessThanOrEqual(360);
  });
});
