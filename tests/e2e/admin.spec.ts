// The park team's back-office (DESIGN.md §5) in Chromium: the staff login kept apart from the
// customer's, a request from draft to pré-réservée through the team's validation and payment config, the
// customer then seeing the Paiement section, catalogue edits reaching the home page, a renamed
// executable refused as a picture, and axe on every admin page at 360 px and 1280 px.
import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { AuthSessionResponse } from '../../src/shared/api/auth.schema';
import type { CreateBookingRequestResponse } from '../../src/shared/api/booking-request.schema';
import type { CatalogueItem } from '../../src/shared/api/catalogue.schema';
import { addIsoDays, todayInParis } from '../../src/shared/booking-days';
import { ESTABLISHMENT_ID } from '../../src/shared/constants';
import { startAdminServer, type AdminServer } from './admin-server';
import { bookingRequestPayload, expectNoAxeViolations, expectNoHorizontalScroll } from './support';

test.describe.configure({ mode: 'serial' });

const PORT = Number(process.env.E2E_PORT ?? 8790) + 7;
const ADMIN = {
  firstName: 'Alice',
  lastName: 'Bernard',
  email: 'alice.bernard@parc-aventure.fr',
  password: 'Sous-bois-des-Landes-2026',
};
const CUSTOMER_PASSWORD = 'Clairiere-des-pins-2026';

let server: AdminServer;
let api: APIRequestContext;
let staffToken = '';
let booking: { id: string; reference: string; customerToken: string; email: string } | undefined;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  server = await startAdminServer(PORT, ADMIN);
  api = await playwright.request.newContext({
    baseURL: server.origin,
    extraHTTPHeaders: { 'X-Forwarded-For': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
  });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

const url = (path: string) => `${server.origin}${path}`;

/** The staff session of the login test, or a fresh one through the API when run alone. */
async function asStaff(page: Page): Promise<void> {
  if (!staffToken) {
    const response = await api.post('/api/v1/staff/auth/login', {
      data: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(response.ok(), await response.text()).toBe(true);
    staffToken = ((await response.json()) as { data: { token: string } }).data.token;
  }
  await page.addInitScript(`window.localStorage.setItem('staffToken', ${JSON.stringify(staffToken)});`);
}

async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.getByTestId('toast').filter({ hasText: text }).first()).toBeVisible();
}

async function publicActivities(): Promise<CatalogueItem[]> {
  const response = await api.get('/api/v1/public-booking-requests/activities', {
    params: { establishment_id: ESTABLISHMENT_ID, isActive: 'true' },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: CatalogueItem[] }).data;
}

/** A customer's 'act' request for 4 people, 40 days ahead, validated by the customer. */
async function validatedRequest() {
  const email = `lea.${Date.now()}.${randomInt(1e6)}@exemple.fr`;
  const registered = await api.post('/api/v1/customer-auth/register', {
    data: { firstName: 'Léa', lastName: 'Martin', email, password: CUSTOMER_PASSWORD, phone: null },
  });
  expect(registered.status()).toBe(201);
  const { token, customer } = (await registered.json()) as AuthSessionResponse;
  // The list carries no time slots (docs/decisions.md, performance rule 10): the detail call tells which activity has none.
  const activities = await publicActivities();
  let activity = activities[0]!;
  for (const candidate of activities) {
    const detail = await api.get(`/api/v1/establishment/activities/${candidate._id}`);
    const { data } = (await detail.json()) as { data: { timeSlots: unknown[] } };
    if (data.timeSlots.length === 0) {
      activity = candidate;
      break;
    }
  }
  const startDate = addIsoDays(todayInParis(), 40);
  const created = await api.post('/api/v1/public-booking-requests', {
    headers: { Authorization: `Bearer ${token}` },
    data: bookingRequestPayload({ organizer: { id: customer._id, email }, activity, startDate }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const { data } = (await created.json()) as CreateBookingRequestResponse;
  const validated = await api.post(`/api/v1/customer-booking-requests/${data._id}/validate`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(validated.ok(), await validated.text()).toBe(true);
  return { id: data._id, reference: data.bookingRequestId, customerToken: token, email };
}

test('staff log in at /admin/login; the staff token is kept apart from the customer’s', async ({ page }) => {
  await page.goto(url('/admin'));
  await expect(page).toHaveURL(url('/admin/login'));
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Email requis')).toBeVisible();
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel(/^Mot de passe/).fill('mauvais-mot-de-passe');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  // The login's 401 is wrong credentials, not an ended session (SPEC.md §7, §8).
  await expect(page.getByRole('alert')).toHaveText('Email ou mot de passe incorrect');
  await expect(page).toHaveURL(url('/admin/login'));

  await page.getByLabel(/^Mot de passe/).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demandes de réservation' })).toBeVisible();
  await expect(page.getByTestId('staff-name')).toHaveText('Alice Bernard · Administrateur');
  staffToken = ((await page.evaluate("window.localStorage.getItem('staffToken')")) as string | null) ?? '';
  expect(staffToken).not.toBe('');
  expect(await page.evaluate("window.localStorage.getItem('token')")).toBeNull();
  // A staff token is refused on the customers' calls (docs/decisions.md, "Accounts and security").
  const asCustomer = await api.get('/api/v1/customer-auth/verify', {
    headers: { Authorization: `Bearer ${staffToken}` },
  });
  expect(asCustomer.status()).toBe(401);
});

test('a request goes from the client’s validation to pré-réservée, and the customer sees the Paiement section', async ({
  page,
}) => {
  booking = await validatedRequest();
  await asStaff(page);
  await page.goto(url('/admin'));
  await page.getByRole('searchbox', { name: 'Rechercher (référence, nom, e-mail)' }).fill(booking.reference);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`\\?q=${booking.reference}$`));
  const row = page.getByTestId('queue-row').filter({ hasText: booking.reference });
  await expect(row).toContainText('Client : validée');
  await expect(row).toContainText('À traiter');
  await row.getByRole('link', { name: booking.reference }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Demande ${booking.reference}` })).toBeVisible();
  // Cancelling asks first and shows the refund of the terms; Retour leaves the request as it was.
  await page.getByRole('button', { name: 'Annuler la réservation' }).click();
  const cancel = page.getByRole('alertdialog', { name: `Annuler la réservation ${booking.reference} ?` });
  await expect(cancel.getByTestId('refund-quote')).toContainText('80 %');
  await expectNoAxeViolations(page);
  await cancel.getByRole('button', { name: 'Retour' }).click();
  await expect(cancel).toHaveCount(0);
  await page.getByRole('button', { name: 'Valider la demande' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmer la validation' }).click();
  await expectToast(page, 'Demande validée par l’équipe');
  await expect(page.getByTestId('request-badges')).toContainText('Équipe : validée');

  await page.getByRole('button', { name: 'Enregistrer et envoyer le devis' }).click();
  await expect(page.getByText('Veuillez choisir un mode de paiement')).toBeVisible();
  await page.getByRole('combobox', { name: /Mode de paiement/ }).selectOption('full_payment_organizer');
  await page.getByRole('button', { name: 'Enregistrer et envoyer le devis' }).click();
  await page
    .getByRole('alertdialog', { name: 'Envoyer le devis au client ?' })
    .getByRole('button', { name: 'Confirmer et envoyer' })
    .click();
  await expectToast(page, 'Configuration du paiement enregistrée : le devis a été envoyé au client');
  await expect(page.getByTestId('request-badges')).toContainText('Pré-réservée');
  await expect(page.getByTestId('audit-trail')).toContainText('Validation par l’équipe');
  await expect(page.getByTestId('audit-trail')).toContainText('Configuration du paiement');

  await page.goto(url(`/admin/emails?to=${encodeURIComponent(booking.email)}`));
  await expect(page.getByTestId('outbox-list')).toContainText(/devis/i);

  await page.evaluate(`window.localStorage.setItem('token', ${JSON.stringify(booking.customerToken)})`);
  await page.goto(url(`/booking/${booking.id}`));
  await expect(page.getByRole('heading', { level: 1, name: `Réservation ${booking.reference}` })).toBeVisible();
  await expect(page.getByTestId('header-badges')).toContainText('Pré-réservée');
  // Its content is the payments work's; the section itself appears once the team set the config.
  await expect(page.getByRole('heading', { level: 2, name: 'Paiement' })).toBeVisible();
});

test('the team answers the customer in the booking’s discussion from /admin, shown as Équipe', async ({
  page,
  browser,
}) => {
  if (!booking) booking = await validatedRequest();
  const asked = await api.post(`/api/v1/messages/booking/${booking.id}`, {
    headers: { Authorization: `Bearer ${booking.customerToken}` },
    data: { content: 'Bonjour, y a-t-il un parking pour le minibus ?' },
  });
  expect(asked.status(), await asked.text()).toBe(201);

  await asStaff(page);
  await page.goto(url(`/admin/demandes/${booking.id}`));
  const teamChat = page.getByRole('region', { name: /^Discussion/ });
  await expect(teamChat.getByTestId('chat-message').filter({ hasText: 'parking pour le minibus' })).toBeVisible();
  const input = teamChat.getByRole('textbox', { name: 'Votre message' });
  await input.fill('Oui, un parking gratuit vous attend à l’entrée.');
  await input.press('Enter');
  await expect(teamChat.getByTestId('chat-message').filter({ hasText: 'parking gratuit' })).toBeVisible();

  const customer = await browser.newContext({ baseURL: server.origin });
  const customerPage = await customer.newPage();
  await customerPage.addInitScript(`window.localStorage.setItem('token', ${JSON.stringify(booking.customerToken)});`);
  await customerPage.goto(url(`/booking/${booking.id}#discussion`));
  const answer = customerPage
    .getByRole('region', { name: /^Discussion/ })
    .getByTestId('chat-message')
    .filter({ hasText: 'parking gratuit' });
  await expect(answer.getByTestId('message-author')).toHaveText('Équipe');
  await customer.close();
});

test('a price edited in the catalogue shows on the home page', async ({ page }) => {
  const first = (await publicActivities())[0]!;
  const newPrice = Math.round(first.pricing.basePrice) + 7;
  await asStaff(page);
  await page.goto(url('/admin/catalogue'));
  await page.getByRole('button', { name: `Modifier ${first.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Modifier ${first.name}` });
  await dialog.getByLabel('Prix (€)').fill(String(newPrice));
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, 'Élément du catalogue mis à jour');

  const shown = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(newPrice);
  await expect(async () => {
    await page.goto(url('/'));
    await expect(page.getByTestId('featured-activity').filter({ hasText: first.name })).toContainText(shown, {
      timeout: 2000,
    });
  }).toPass({ timeout: 20_000 });
});

test('a renamed executable is refused as a picture', async ({ page }) => {
  const first = (await publicActivities())[0]!;
  await asStaff(page);
  await page.goto(url(`/admin/catalogue?edit=${first._id}`));
  const dialog = page.getByRole('dialog', { name: `Modifier ${first.name}` });
  // A Windows executable's header under an image's name and type.
  const executable = Buffer.concat([
    Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
    Buffer.alloc(2048, 0x41),
  ]);
  await dialog
    .getByLabel(/Nouvelle image/)
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: executable });
  await dialog.getByRole('button', { name: 'Envoyer l’image' }).click();
  await expect(dialog.getByText(/Format d’image non accepté|Cette image ne peut pas être lue/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an admin adds a team member, who logs in without the admin pages', async ({ page, browser }) => {
  await asStaff(page);
  await page.goto(url('/admin/equipe'));
  const form = page.getByRole('form', { name: 'Nouveau compte' });
  await form.getByLabel('Prénom').fill('Hugo');
  await form.getByLabel(/^Nom/).fill('Petit');
  await form.getByLabel('Email').fill('hugo.petit@parc-aventure.fr');
  await form.getByLabel(/^Mot de passe initial/).fill('Accueil-des-groupes-2026');
  await form.getByRole('button', { name: 'Créer le compte' }).click();
  await expectToast(page, 'Compte du personnel créé');
  await expect(page.getByRole('region', { name: 'Comptes du personnel' })).toContainText('hugo.petit@parc-aventure.fr');

  const context = await browser.newContext();
  const teamPage = await context.newPage();
  await teamPage.goto(url('/admin/login'));
  await teamPage.getByLabel('Email').fill('hugo.petit@parc-aventure.fr');
  await teamPage.getByLabel(/^Mot de passe/).fill('Accueil-des-groupes-2026');
  await teamPage.getByRole('button', { name: 'Se connecter' }).click();
  await expect(teamPage.getByTestId('staff-name')).toHaveText('Hugo Petit · Équipe');
  const nav = teamPage.getByRole('navigation', { name: 'Espace équipe' });
  await expect(nav.getByRole('link', { name: 'Demandes' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Catalogue' })).toHaveCount(0);
  await teamPage.goto(url('/admin/catalogue'));
  await expect(teamPage.getByRole('alert')).toHaveText('Action réservée aux administrateurs');
  await context.close();
});

test.describe('axe on the back-office', () => {
  const PAGES = [
    { path: '/admin', heading: 'Demandes de réservation' },
    { path: '/admin/planning', heading: 'Planning du jour' },
    { path: '/admin/catalogue', heading: 'Catalogue' },
    { path: '/admin/etablissement', heading: 'Établissement' },
    { path: '/admin/emails', heading: 'E-mails envoyés' },
    { path: '/admin/equipe', heading: 'Comptes de l’équipe' },
  ];
  for (const width of [360, 1280]) {
    test(`every admin page at ${width} px has no axe violations and no page-wide horizontal scroll`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 800 });
      await page.goto(url('/admin/login'));
      await expect(page.getByRole('heading', { level: 1, name: 'Connexion de l’équipe' })).toBeVisible();
      await expectNoAxeViolations(page);
      await asStaff(page);
      const all = booking
        ? [...PAGES, { path: `/admin/demandes/${booking.id}`, heading: `Demande ${booking.reference}` }]
        : PAGES;
      for (const { path, heading } of all) {
        await page.goto(url(path));
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoAxeViolations(page);
        await expectNoHorizontalScroll(page);
      }
    });
  }
});
