// Invitations (SPEC.md §2 Participants section and invitation page): the organizer shares a
// link with a maximum of 3 guests; people join from other browsers; the fourth is refused.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test as base, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { AuthSessionResponse } from '../../src/shared/api/auth.schema';
import type { CreateBookingRequestResponse } from '../../src/shared/api/booking-request.schema';
import type { CatalogueItem } from '../../src/shared/api/catalogue.schema';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { ESTABLISHMENT_ID } from '../../src/shared/constants';
import { waitForMail } from './stand-ins/mailbox';
import { bookingRequestPayload, expectNoAxeViolations, expectNoHorizontalScroll, seedToken } from './support';

const forwardedFor = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Each test is its own visitor from its own address (per-address limits on registrations and joins). */
const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': forwardedFor() });
  },
});

const PASSWORD = 'Clairiere-des-pins-2026';
const NEW_PASSWORD = 'Tyrolienne-au-lac-77';
const EXHAUSTED = "Ce lien d'invitation a atteint sa limite d'utilisation";

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${randomInt(1e6)}@exemple.fr`;
}

async function register(request: APIRequestContext, firstName: string, lastName: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  const response = await request.post('/api/v1/customer-auth/register', {
    data: { firstName, lastName, email, password: PASSWORD, phone: null },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as AuthSessionResponse;
  return { token: body.token, id: body.customer._id, firstName, lastName, email };
}

async function createRequest(request: APIRequestContext, organizer: Awaited<ReturnType<typeof register>>) {
  const catalogue = await request.get('/api/v1/public-booking-requests/activities', {
    params: { establishment_id: ESTABLISHMENT_ID, isActive: 'true' },
  });
  const paintball = ((await catalogue.json()) as { data: CatalogueItem[] }).data.find(
    (item) => item.name === 'Paintball',
  )!;
  const startDate = addIsoDays(tomorrowInParis(), 12);
  const response = await request.post('/api/v1/public-booking-requests', {
    headers: { Authorization: `Bearer ${organizer.token}` },
    data: bookingRequestPayload({
      organizer: organizer,
      activity: paintball,
      startDate,
      bookingType: 'anniv',
      participants: 8,
    }),
  });
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as CreateBookingRequestResponse;
  return { id: data._id, reference: data.bookingRequestId };
}

async function newVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': forwardedFor() } });
  return context.newPage();
}

/** Chooses an entry of the share menu; a click that lands while the menu opens or closes is retried. */
async function share(page: Page, entry: string) {
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(async () => {
    const item = page.getByRole('menuitem', { name: entry });
    if (!(await item.isVisible())) await page.getByRole('button', { name: /Partager/ }).click();
    await item.click({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

test.describe('invitation links', () => {
  test('share a link of 3, join without a password, change the temporary password, and refuse the fourth', async ({
    page,
    request,
    browser,
    context,
  }) => {
    test.setTimeout(120_000);
    const organizer = await register(request, 'Margaux', 'Lambert');
    const booking = await createRequest(request, organizer);

    // The organizer creates a link for 3 guests from the booking detail.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await seedToken(page, organizer.token);
    await page.goto(`/booking/${booking.id}`);
    const section = page.getByRole('region', { name: 'Participants' });
    await section.getByRole('button', { name: "Créer un lien d'invitation" }).click();
    const dialog = page.getByRole('dialog', { name: "Créer un lien d'invitation" });
    await dialog.getByLabel("Nombre maximum d'invités").selectOption('3');
    await dialog.getByRole('button', { name: 'Créer le lien' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: "Lien d'invitation créé" }).first()).toBeVisible();
    const card = section.getByTestId('invite-link');
    await expect(card.getByTestId('link-status')).toHaveText('Actif');
    await expect(card.getByTestId('link-uses')).toHaveText('0 / 3');
    await expect(card).toContainText('par Margaux Lambert');
    const url = await card.getByTestId('link-url').inputValue();
    expect(url).toMatch(/\/invitation\/[A-Za-z0-9_-]{22}$/);
    await expectNoAxeViolations(page);

    // Copy.
    await share(page, 'Copier le lien');
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Lien copié dans le presse-papiers' }).first(),
    ).toBeVisible();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(url);

    // The QR code: 192 px, downloaded as a PNG that decodes to the link.
    await share(page, 'QR code');
    const qrDialog = page.getByRole('dialog', { name: "QR code de l'invitation" });
    await expect(qrDialog.getByTestId('qr-code')).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      qrDialog.getByRole('link', { name: 'Télécharger (PNG)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    const png = readFileSync(await download.path());
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(192);
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(url);
    await qrDialog.getByRole('button', { name: 'Fermer' }).click();

    // A second browser opens the link and joins without a password.
    const guestEmail = uniqueEmail('chloe');
    const guest = await newVisitor(browser);
    await guest.goto(url);
    await expect(
      guest.getByRole('heading', { level: 1, name: 'Margaux Lambert vous invite à rejoindre sa réservation' }),
    ).toBeVisible();
    await expect(guest.getByText('3 places restantes')).toBeVisible();
    await expectNoAxeViolations(guest);
    await guest.getByLabel('Prénom').fill('Chloé');
    await guest.getByRole('textbox', { name: 'Nom', exact: true }).fill('Garnier');
    await guest.getByLabel('Email').fill(guestEmail);
    await guest.getByRole('button', { name: 'Rejoindre la réservation' }).click();
    await expect(guest.getByTestId('join-confirmation')).toContainText(booking.reference);
    await expect(guest.getByTestId('join-confirmation')).toContainText('mot de passe temporaire');

    // The temporary password from the mailbox; the first login forces a new password.
    const mail = await waitForMail(guestEmail, /Bienvenue dans la réservation/);
    const temporary = /Voici votre mot de passe temporaire : (\S+)/.exec(mail.text)?.[1];
    expect(temporary, 'temporary password in the e-mail').toBeTruthy();
    await guest.goto('/login');
    await guest.getByLabel('Email').fill(guestEmail);
    await guest.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(temporary!);
    await guest.getByRole('button', { name: 'Se connecter' }).click();
    await expect(guest).toHaveURL(/\/auth\/reset-password\?temp=true/);
    await guest.getByLabel('Mot de passe temporaire').fill(temporary!);
    await guest.getByRole('textbox', { name: 'Nouveau mot de passe', exact: true }).fill(NEW_PASSWORD);
    await guest.getByLabel('Confirmer le nouveau mot de passe').fill(NEW_PASSWORD);
    await guest.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(guest).toHaveURL(/\/dashboard/);
    const invitation = guest.getByRole('article', { name: booking.reference, exact: true });
    await invitation.getByRole('link', { name: /Voir détails/ }).click();
    await expect(guest.getByRole('heading', { level: 1, name: `Réservation ${booking.reference}` })).toBeVisible();
    await expect(guest.getByTestId('header-badges').getByTestId('role-badge')).toHaveText('Participant');
    await guest.context().close();

    // A third person opens the link while one place is left; someone else takes it first.
    const late = await newVisitor(browser);
    const second = await request.post(`${new URL(url).pathname.replace('/invitation/', '/api/v1/invitations/')}/join`, {
      data: {
        firstName: 'Hugo',
        lastName: 'Petit',
        email: uniqueEmail('hugo'),
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
    });
    expect(second.status(), await second.text()).toBe(200);
    await late.goto(url);
    await expect(late.getByText('1 place restante')).toBeVisible();
    const third = await request.post(`${new URL(url).pathname.replace('/invitation/', '/api/v1/invitations/')}/join`, {
      data: {
        firstName: 'Léo',
        lastName: 'Faure',
        email: uniqueEmail('leo'),
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
    });
    expect(third.status(), await third.text()).toBe(200);
    await late.getByLabel('Prénom').fill('Nina');
    await late.getByRole('textbox', { name: 'Nom', exact: true }).fill('Roy');
    await late.getByLabel('Email').fill(uniqueEmail('nina'));
    await late.getByRole('button', { name: 'Rejoindre la réservation' }).click();
    await expect(late.getByRole('alert').filter({ hasText: EXHAUSTED })).toBeVisible();
    // Reopened, the link is no longer valid.
    await late.reload();
    await expect(late.getByRole('heading', { name: 'Invitation non valide' })).toBeVisible();
    await expect(late.getByText(EXHAUSTED)).toBeVisible();
    await expect(late.getByTestId('attempts')).toHaveText('Tentative 1 / 3');
    await expectNoAxeViolations(late);
    await late.context().close();

    // The organizer sees the link exhausted: 3 / 3, no share menu any more.
    await page.reload();
    await expect(card.getByTestId('link-status')).toHaveText('Épuisé');
    await expect(card.getByTestId('link-uses')).toHaveText('3 / 3');
    await expect(card.getByRole('button', { name: /Partager/ })).toHaveCount(0);
  });
});

test('the invitation page and the links of the booking fit a 360 px screen @mobile', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(60_000);
  const organizer = await register(request, 'Lucie', 'Morel');
  const booking = await createRequest(request, organizer);
  const created = await request.post(`/api/v1/customer-booking-requests/${booking.id}/invite-links`, {
    headers: { Authorization: `Bearer ${organizer.token}` },
    data: { maxUses: 5 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { data } = (await created.json()) as { data: { url: string } };

  await page.goto(new URL(data.url).pathname);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Lucie Morel vous invite à rejoindre sa réservation' }),
  ).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);

  const organizerPage = await (
    await browser.newContext({ ...test.info().project.use, extraHTTPHeaders: { 'X-Forwarded-For': forwardedFor() } })
  ).newPage();
  await seedToken(organizerPage, organizer.token);
  await organizerPage.goto(`/booking/${booking.id}`);
  await expect(organizerPage.getByTestId('invite-link').getByTestId('link-uses')).toHaveText('0 / 5');
  await expectNoHorizontalScroll(organizerPage);
  await expectNoAxeViolations(organizerPage);
  await organizerPage.context().close();
});
