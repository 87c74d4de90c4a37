// The kiosk's walk-in at /borne (docs/decisions.md, "Walk-ins"), portrait 1080 × 1920 with touch:
// a group books today's slot, the kiosk shows the group's QR code; a phone (another browser
// context) joins from the link the QR carries, three of them one after the other, each pays their
// share (« Qui règle ? » → each member) with the test card, and the kiosk's live list shows each as
// they join and pay. A second test: the organizer pays the whole group at the kiosk's card form.
// The kiosk offers only today's slots not started yet: the server runs in this process with a clock
// set to 09:30 in Paris, moving forward with real time, so the journeys run at any hour
// (docs/decisions.md, "Tests"). The day is tomorrow's: a run near midnight never sees the day
// change under it. The renderer takes the day from the server (GET /api/v1/kiosk/today).
import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { parisMidnight, tomorrowInParis } from '../../src/shared/booking-days';
import { clockFrom, startPaymentServer, type PaymentServer } from './stand-ins/payment-server';
import { expectNoAxeViolations } from './support';

test.use({ viewport: { width: 1080, height: 1920 }, hasTouch: true, isMobile: false });

const forwardedFor = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const email = (prefix: string) => `${prefix}.${Date.now()}.${randomInt(1e6)}@exemple.fr`;

let server: PaymentServer;

test.beforeAll(async () => {
  // A PGlite database seeded and migrated in this process: more than the default budget on a loaded runner.
  test.setTimeout(120_000);
  const morning = new Date(parisMidnight(tomorrowInParis()).getTime() + 9.5 * 3_600_000);
  server = await startPaymentServer({ clock: clockFrom(morning) });
});

test.afterAll(async () => {
  await server?.close();
});

/** The kiosk's offer: every slot it shows starts after 09:30, the server clock's hour. */
async function firstSlotOffered(page: Page) {
  const slots = page.getByRole('button', { name: /places libres$/ });
  await expect(slots.first()).toBeVisible();
  await expect(page.getByText('Plus aucun créneau libre aujourd’hui : adressez-vous à l’accueil.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: / à (0[0-8]:\d\d|09:[0-2]\d), .*places libres$/ })).toHaveCount(0);
  return slots.first();
}

test('a walk-in group of 5 books at the kiosk, 3 phones join from the QR code and pay their share, live', async ({
  page,
  browser,
}) => {
  // Four browser contexts, one after the other, on a shared 2-core machine.
  test.setTimeout(120_000);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': forwardedFor() });
  await page.goto(`${server.origin}/borne`);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Réserver maintenant' }).tap();

  // The first slot offered today, by the server's clock.
  await (await firstSlotOffered(page)).tap();
  await page.getByRole('button', { name: 'Une personne de plus' }).tap();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Continuer' }).tap();

  await page.getByRole('textbox', { name: /Prénom/ }).fill('Marc');
  await page.getByRole('textbox', { name: /^Nom/ }).fill('Sansrésa');
  await page.getByRole('textbox', { name: /E-mail/ }).fill(email('borne'));
  await page.getByRole('textbox', { name: /Téléphone/ }).fill('06 12 34 56 78');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Réserver', exact: true }).tap();

  await expect(page.getByRole('heading', { level: 1, name: /^Réservation GRP-\d{4}-\d{5} enregistrée$/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('Membres inscrits : 1 / 5')).toBeVisible();
  const qr = page.getByTestId('group-qr');
  await expect(qr).toBeVisible();
  // The QR code carries the join link.
  // « Qui règle ? »: each member pays their share from their phone.
  await page.getByRole('button', { name: 'Chaque membre règle sa part' }).tap();
  await expect(page.getByText(/^Chaque membre règle sa part depuis son téléphone/)).toBeVisible();
  const png = Buffer.from((await qr.getAttribute('src'))!.split(',')[1]!, 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const joinUrl = jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
  expect(joinUrl).toMatch(/\/invitation\/[A-Za-z0-9_-]+$/);
  await expectNoAxeViolations(page);

  // Three phones (each its own browser context and address) join from the link the QR carries.
  const members = [
    ['Nina', 'Membre'],
    ['Omar', 'Invité'],
    ['Lou', 'Ami'],
  ] as const;
  for (const [index, [firstName, lastName]] of members.entries()) {
    const phone = await browser.newContext({
      extraHTTPHeaders: { 'X-Forwarded-For': forwardedFor() },
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const guest = await phone.newPage();
    await guest.goto(`${server.origin}${new URL(joinUrl!).pathname}`);
    await guest.getByLabel('Prénom').fill(firstName);
    await guest.getByRole('textbox', { name: 'Nom', exact: true }).fill(lastName);
    await guest.getByLabel('Email').fill(email(firstName.toLowerCase()));
    await guest.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('Pinede-Heron-2026');
    await guest.getByRole('textbox', { name: 'Confirmation du mot de passe' }).fill('Pinede-Heron-2026');
    await guest.getByRole('button', { name: 'Rejoindre la réservation' }).tap();
    // The kiosk's list follows, live (it polls), without a touch on the kiosk.
    const row = page
      .getByTestId('joined-list')
      .getByRole('listitem')
      .filter({ hasText: `${firstName} ${lastName[0]}.` });
    await expect(row).toContainText('Paiement en attente', { timeout: 10_000 });
    await expect(page.getByText(`Membres inscrits : ${index + 2} / 5`)).toBeVisible();
    // On the booking (the join redirects there), the member pays their share: 1/5 of the group.
    await guest.getByRole('button', { name: /^Payer ma part \(\d+,\d{2}\s€\)$/ }).tap({ timeout: 20_000 });
    const dialog = guest.getByRole('dialog');
    await dialog.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiration').fill('12/34');
    await dialog.getByLabel('CVC').fill('123');
    if (index === 0) await expectNoAxeViolations(guest);
    await dialog.getByRole('button', { name: /^Payer/ }).tap();
    await expect(dialog).toBeHidden();
    await phone.close();
    await expect(row).toContainText('Payé', { timeout: 10_000 });
  }
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Terminer' }).tap();
  await expect(page.getByRole('button', { name: 'Réserver maintenant' })).toBeVisible();
});

test('the organizer pays the whole walk-in group at the kiosk’s card form', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': forwardedFor() });
  await page.goto(`${server.origin}/borne`);
  await page.getByRole('button', { name: 'Réserver maintenant' }).tap();
  await (await firstSlotOffered(page)).tap();
  await page.getByRole('button', { name: 'Continuer' }).tap();
  await page.getByRole('textbox', { name: /Prénom/ }).fill('Inès');
  await page.getByRole('textbox', { name: /^Nom/ }).fill('Payetout');
  await page.getByRole('textbox', { name: /E-mail/ }).fill(email('payetout'));
  await page.getByRole('textbox', { name: /Téléphone/ }).fill('06 12 34 56 78');
  await page.getByRole('button', { name: 'Réserver', exact: true }).tap();

  await page.getByRole('button', { name: 'L’organisateur règle tout maintenant' }).tap({ timeout: 20_000 });
  await expect(page.getByText('L’organisateur règle la totalité à la borne.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Payer par carte' }).tap();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Expiration').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: /^Payer/ }).tap();
  await expect(page.getByText('Groupe réglé : merci !')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('joined-list')).toContainText('Payé');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Terminer' }).tap();
  await expect(page.getByRole('button', { name: 'Réserver maintenant' })).toBeVisible();
});
