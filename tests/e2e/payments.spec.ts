// Payment journeys with the built-in test provider (docs/decisions.md, "Payment journeys (e2e)"): each of the five payment types, from
// the team's payment config set in the back-office screen (/admin, staff logged in) to the customer
// seeing 'Réservation confirmée' (for the cheque, the team marking it received); a declined card; the
// collective payment by three people in three browser contexts; the contract PDF; and the team's
// payment alerts. The server runs in this process (stand-ins/payment-server.ts).
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { paymentConfigs, payments } from '../../src/server/db/schema';
import type { PaymentType } from '../../src/shared/api/payments.schema';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { pdfText } from '../support/pdf-text';
import {
  requestedBooking,
  startPaymentServer,
  type PaymentServer,
  type PreparedBooking,
  type Person,
} from './stand-ins/payment-server';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support';

// Each journey opens the back-office and one to three customer pages: twice the default budget.
test.describe.configure({ timeout: 60_000 });

let server: PaymentServer;

test.beforeAll(async () => {
  server = await startPaymentServer();
});

test.afterAll(async () => {
  await server?.close();
});

async function openAs(browser: Browser, person: Person, bookingId: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const page = await context.newPage();
  await page.addInitScript(`window.localStorage.setItem('token', ${JSON.stringify(person.token)});`);
  await page.goto(`${server.origin}/booking/${bookingId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Paiement' })).toBeVisible();
  return page;
}

interface BackOfficeConfig {
  type: PaymentType;
  /** As typed in the form, e.g. '300,01'. */
  total: string;
  amount?: string;
  percentage?: string;
}

/** The team's back-office in its own browser context, logged in as the park's admin. */
async function openBackOffice(browser: Browser, booking: PreparedBooking): Promise<Page> {
  const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const page = await context.newPage();
  await page.addInitScript(`window.localStorage.setItem('staffToken', ${JSON.stringify(server.staffToken)});`);
  await page.goto(`${server.origin}/admin/demandes/${booking.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Demande ${booking.reference}` })).toBeVisible();
  return page;
}

/**
 * A request validated by its organizer, then the team's payment config set in the request page of
 * the back-office: the booking becomes pré-réservée and the customer can pay.
 */
async function configuredBooking(
  browser: Browser,
  config: BackOfficeConfig,
  options: { startDate: string; joined?: number },
): Promise<PreparedBooking & { staff: Page }> {
  const booking = await requestedBooking(server, options);
  const staff = await openBackOffice(browser, booking);
  const form = staff.getByRole('form', { name: 'Configuration du paiement' });
  await form.getByRole('combobox', { name: /^Mode de paiement/ }).selectOption(config.type);
  await form.getByLabel(/^Montant total/).fill(config.total);
  if (config.amount) await form.getByLabel(/^Montant de la caution/).fill(config.amount);
  if (config.percentage) await form.getByLabel(/^Pourcentage payé maintenant/).fill(config.percentage);
  await form.getByRole('button', { name: 'Enregistrer et envoyer le devis' }).click();
  await staff
    .getByRole('alertdialog', { name: 'Envoyer le devis au client ?' })
    .getByRole('button', { name: 'Confirmer et envoyer' })
    .click();
  await expect(
    staff
      .getByTestId('toast')
      .filter({ hasText: 'Configuration du paiement enregistrée : le devis a été envoyé au client' })
      .first(),
  ).toBeVisible();
  await expect(staff.getByTestId('request-badges')).toContainText('Pré-réservée');
  return { ...booking, staff };
}

async function payWith(page: Page, buttonName: RegExp, card: string) {
  await page.getByRole('button', { name: buttonName }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Numéro de carte').fill(card);
  await dialog.getByLabel('Expiration').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: /^(Payer|Autoriser la caution)/ }).click();
  return dialog;
}

const later = (days: number) => addIsoDays(tomorrowInParis(), days);

test('full payment by the organizer: test mode banner, card accepted, booking confirmed', async ({ browser }) => {
  const booking = await configuredBooking(
    browser,
    { type: 'full_payment_organizer', total: '450' },
    { startDate: later(10) },
  );
  const page = await openAs(browser, booking.organizer, booking.id);
  await expect(page.getByTestId('test-mode-banner')).toContainText('Mode test : aucun paiement réel n’est effectué');
  await expect(page.getByText('Paiement complet par l’organisateur')).toBeVisible();
  await expect(page.getByText('Paiement à effectuer')).toBeVisible();
  await expectNoAxeViolations(page);
  await payWith(page, /^Payer 450,00\s€$/, '4242 4242 4242 4242');
  await expect(page.getByTestId('toast').filter({ hasText: 'Paiement confirmé' }).first()).toBeVisible();
  await expect(page.getByTestId('payment-confirmed')).toHaveText('Réservation confirmée');
  await expect(page.getByRole('button', { name: /^Payer/ })).toHaveCount(0);
  // The team sees it paid.
  await booking.staff.reload();
  await expect(booking.staff.getByTestId('request-badges')).toContainText('Confirmée');
});

test('partial payment: a declined card shows the card message, then 3-D Secure pays and confirms', async ({
  browser,
}) => {
  const booking = await configuredBooking(
    browser,
    { type: 'partial_payment_card', total: '600', percentage: '30' },
    { startDate: later(12) },
  );
  const page = await openAs(browser, booking.organizer, booking.id);
  const dialog = await payWith(page, /^Payer 180,00\s€$/, '4000 0000 0000 0002');
  await expect(dialog.getByTestId('card-error')).toHaveText('Votre carte a été refusée.');
  await dialog.getByLabel('Numéro de carte').fill('4000 0025 0000 3155');
  await dialog.getByRole('button', { name: /^Payer/ }).click();
  await dialog.getByRole('button', { name: 'Valider l’authentification' }).click();
  await expect(page.getByTestId('payment-confirmed')).toHaveText('Réservation confirmée');
});

test('card deposit hold, from the payment config to Réservation confirmée', async ({ browser }) => {
  const booking = await configuredBooking(
    browser,
    { type: 'deposit_card', total: '300', amount: '150' },
    { startDate: later(2) },
  );
  const page = await openAs(browser, booking.organizer, booking.id);
  await payWith(page, /^Autoriser la caution$/, '4242 4242 4242 4242');
  await expect(page.getByTestId('toast').filter({ hasText: 'Caution autorisée' }).first()).toBeVisible();
  await expect(page.getByTestId('deposit-status')).toContainText('Votre caution de 150€ est déjà autorisée');
  await expect(page.getByTestId('payment-confirmed')).toHaveText('Réservation confirmée');
});

test('collective payment by three people in three browser contexts', async ({ browser }) => {
  const booking = await configuredBooking(
    browser,
    { type: 'collective_payment', total: '300,01' },
    { startDate: later(9), joined: 2 },
  );
  const [first, second] = booking.participants;
  const pages = [
    await openAs(browser, first!, booking.id),
    await openAs(browser, second!, booking.id),
    await openAs(browser, booking.organizer, booking.id),
  ];
  await expect(pages[0]!.getByTestId('collective-card')).toContainText('0 / 3 participants ont payé');

  await payWith(pages[0]!, /^Payer ma part \(100,00\s€\)$/, '4242 4242 4242 4242');
  await expect(pages[0]!.getByTestId('collective-card')).toContainText('1 / 3 participants ont payé');
  await payWith(pages[1]!, /^Payer ma part \(100,00\s€\)$/, '4242424242424242');
  await expect(pages[1]!.getByTestId('collective-card')).toContainText('2 / 3 participants ont payé');
  await pages[2]!.reload();
  await payWith(pages[2]!, /^Payer ma part \(100,01\s€\)$/, '4242 4242 4242 4242');
  await expect(pages[2]!.getByTestId('payment-confirmed')).toHaveText('Réservation confirmée');
  await expect(pages[2]!.getByTestId('collective-card')).toContainText('3 / 3 participants ont payé');
  await pages[0]!.reload();
  await expect(pages[0]!.getByText('Réservation confirmée').first()).toBeVisible();
});

test('cheque deposit: the team marks the cheque received in the back-office, the customer sees Réservation confirmée', async ({
  browser,
}) => {
  const booking = await configuredBooking(
    browser,
    { type: 'deposit_check', total: '400', amount: '200' },
    { startDate: later(14) },
  );
  const page = await openAs(browser, booking.organizer, booking.id);
  await expect(page.getByText('Chèque de caution')).toBeVisible();
  await expect(page.getByTestId('payment-confirmed')).toHaveCount(0);

  await booking.staff.getByRole('button', { name: 'Chèque de caution reçu' }).click();
  await booking.staff
    .getByRole('alertdialog', { name: 'Confirmer la réception du chèque ?' })
    .getByRole('button', { name: 'Confirmer la réception' })
    .click();
  await expect(
    booking.staff
      .getByTestId('toast')
      .filter({ hasText: 'Chèque de caution enregistré : la réservation est confirmée' })
      .first(),
  ).toBeVisible();
  await expect(booking.staff.getByTestId('request-badges')).toContainText('Confirmée');

  await page.reload();
  await expect(page.getByTestId('payment-confirmed')).toHaveText('Réservation confirmée');
});

test('the contract downloads as Contrat-Reservation.pdf and names the reference and the total', async ({ browser }) => {
  const booking = await configuredBooking(
    browser,
    { type: 'full_payment_organizer', total: '1234,56' },
    { startDate: later(15) },
  );
  const page = await openAs(browser, booking.organizer, booking.id);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger le contrat' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Contrat-Reservation.pdf');
  const text = await pdfText(await readFile((await download.path())!));
  expect(text).toContain(booking.reference);
  expect(text).toContain('Total de la réservation : 1 234,56 €');
});

test('the Paiement section and the card form fit a 360 px phone @mobile', async ({ browser }) => {
  const booking = await configuredBooking(
    browser,
    { type: 'partial_payment_card', total: '500', percentage: '40' },
    { startDate: later(11) },
  );
  const context = await browser.newContext({
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 360, height: 740 },
  });
  const page = await context.newPage();
  await page.addInitScript(`window.localStorage.setItem('token', ${JSON.stringify(booking.organizer.token)});`);
  await page.goto(`${server.origin}/booking/${booking.id}`);
  await expect(page.getByText('Solde à régler le jour de l’arrivée')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.getByRole('button', { name: /^Payer 200,00\s€$/ }).click();
  await expect(page.getByRole('dialog').getByLabel('Numéro de carte')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
});

test('the team sees an overdue payment and a card hold about to lapse flagged in the queue and the request', async ({
  browser,
}) => {
  const inject = async (method: 'POST' | 'PUT', url: string, token: string, payload: object = {}) => {
    const res = await server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Record<string, unknown> };
  };
  const configure = (id: string, body: object) =>
    inject('PUT', `/api/v1/staff/booking-requests/${id}/payment-config`, server.staffToken, {
      instructions: '',
      ...body,
    });
  const db = server.database.db;
  // An option whose due date passed (the clock moved on: the due date is written back 2 hours ago).
  const overdue = await requestedBooking(server, { startDate: later(20) });
  await configure(overdue.id, { type: 'full_payment_organizer', totalAmount: 200 });
  await db
    .update(paymentConfigs)
    .set({ dueAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
    .where(eq(paymentConfigs.bookingId, overdue.id));
  // A card hold placed, then 5 days and a half go by: it lapses within 48 hours.
  const held = await requestedBooking(server, { startDate: later(3) });
  await configure(held.id, { type: 'deposit_card', totalAmount: 300, amount: 150 });
  const pay = `/api/v1/customer-booking-requests/${held.id}/booking-payment`;
  const intent = await inject('POST', `${pay}/organizer-stripe-intent`, held.organizer.token);
  await inject('POST', `${pay}/test-card`, held.organizer.token, {
    intentId: intent.data.intentId as string,
    cardNumber: '4242 4242 4242 4242',
  });
  await db
    .update(payments)
    .set({ updatedAt: new Date(Date.now() - 5.5 * 24 * 60 * 60 * 1000) })
    .where(eq(payments.bookingId, held.id));

  const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const page = await context.newPage();
  await page.addInitScript(`window.localStorage.setItem('staffToken', ${JSON.stringify(server.staffToken)});`);
  await page.goto(`${server.origin}/admin`);
  const row = (reference: string) => page.getByTestId('queue-row').filter({ hasText: reference });
  await expect(row(overdue.reference).getByTestId('payment-alert')).toHaveText(/^Paiement en retard · /);
  await expect(row(held.reference).getByTestId('payment-alert')).toHaveText(/^Caution bientôt expirée · /);
  await expectNoAxeViolations(page);

  await row(held.reference).getByRole('link', { name: held.reference }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Demande ${held.reference}` })).toBeVisible();
  await expect(page.getByTestId('request-badges').getByTestId('payment-alert')).toHaveText(
    /^Caution bientôt expirée · \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/,
  );
  await expectNoAxeViolations(page);
  await context.close();
});
