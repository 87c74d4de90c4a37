// Payment journeys with the built-in test provider (issue 16): from the team's payment config to
// 'Réservation confirmée', a declined card, the collective payment by three people in three browser
// contexts, and the contract PDF. The server runs in this process (stand-ins/payment-server.ts).
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { pdfText } from '../support/pdf-text';
import { prebookedBooking, startPaymentServer, type PaymentServer, type Person } from './stand-ins/payment-server';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support';

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
  const booking = await prebookedBooking(server, {
    type: 'full_payment_organizer',
    totalCents: 45_000,
    startDate: later(10),
  });
  const page = await openAs(browser, booking.organizer, booking.id);
  await expect(page.getByTestId('test-mode-banner')).toContainText('Mode test : aucun paiement réel n’est effectué');
  await expect(page.getByText('Paiement complet par l’organisateur')).toBeVisible();
  await expect(page.getByText('Paiement à effectuer')).toBeVisible();
  await expectNoAxeViolations(page);
  await payWith(page, /^Payer 450,00\s€$/, '4242 4242 4242 4242');
  await expect(page.getByTestId('toast').filter({ hasText: 'Paiement confirmé' }).first()).toBeVisible();
  await expect(page.getByTestId('payment-confirmed')).toHaveText('Réservation confirmée');
  await expect(page.getByRole('button', { name: /^Payer/ })).toHaveCount(0);
});

test('a declined card shows the card message and the booking stays to pay', async ({ browser }) => {
  const booking = await prebookedBooking(server, {
    type: 'partial_payment_card',
    totalCents: 60_000,
    percentage: 30,
    startDate: later(12),
  });
  const page = await openAs(browser, booking.organizer, booking.id);
  const dialog = await payWith(page, /^Payer 180,00\s€$/, '4000 0000 0000 0002');
  await expect(dialog.getByTestId('card-error')).toHaveText('Votre carte a été refusée.');
  await dialog.getByLabel('Numéro de carte').fill('4000 0025 0000 3155');
  await dialog.getByRole('button', { name: /^Payer/ }).click();
  await dialog.getByRole('button', { name: 'Valider l’authentification' }).click();
  await expect(page.getByTestId('payment-confirmed')).toHaveText('Réservation confirmée');
});

test('card deposit hold, from the payment config to Réservation confirmée', async ({ browser }) => {
  const booking = await prebookedBooking(server, {
    type: 'deposit_card',
    totalCents: 30_000,
    amountCents: 15_000,
    startDate: later(2),
  });
  const page = await openAs(browser, booking.organizer, booking.id);
  await payWith(page, /^Autoriser la caution$/, '4242 4242 4242 4242');
  await expect(page.getByTestId('toast').filter({ hasText: 'Caution autorisée' }).first()).toBeVisible();
  await expect(page.getByTestId('deposit-status')).toContainText('Votre caution est autorisée');
  await expect(page.getByTestId('payment-confirmed')).toHaveText('Réservation confirmée');
});

test('collective payment by three people in three browser contexts', async ({ browser }) => {
  const booking = await prebookedBooking(server, {
    type: 'collective_payment',
    totalCents: 30_001,
    startDate: later(9),
    joined: 2,
  });
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

test('the contract downloads as Contrat-Reservation.pdf and names the reference and the total', async ({ browser }) => {
  const booking = await prebookedBooking(server, {
    type: 'full_payment_organizer',
    totalCents: 123_456,
    startDate: later(15),
  });
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
  const booking = await prebookedBooking(server, {
    type: 'partial_payment_card',
    totalCents: 50_000,
    percentage: 40,
    startDate: later(11),
  });
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
