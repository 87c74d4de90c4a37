// The booking wizard at /reservation (SPEC.md §2 'Booking wizard', §5 wizard rules, §8 'Wizard
// and registration'), from the event type to the request the park receives: checked on screen,
// through the customer's API and in the customer's mailbox.
import { randomInt } from 'node:crypto';
import { expect, test as base, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { BookingListResponse } from '../../src/shared/api/customer-booking.schema';
import type { BookingRequestSummary } from '../../src/shared/api/booking-request.schema';
import { waitForMail } from './stand-ins/mailbox';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support';

/**
 * Every test is its own visitor, from its own address: the per-address limit on registrations
 * (10 an hour, as for real people) must not make the suite depend on how many specs register.
 */
const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({
      ...extraHTTPHeaders,
      'X-Forwarded-For': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
    });
  },
});

const PASSWORD = 'Sentier-des-chenes-2026';
const REFERENCE = /^GRP-\d{4}-\d{5}$/;
const FIX_ERRORS = 'Veuillez corriger les erreurs avant de continuer';
const NO_ACTIVITY = 'Veuillez sélectionner au moins une activité ou service';
const ACCOUNT_AND_REQUEST = 'Votre compte a été créé et votre demande envoyée avec succès !';
const REQUEST_ONLY = 'Votre demande a été envoyée avec succès !';
const EMAIL_TAKEN = 'Cet email existe déjà. Essayez de vous connecter.';

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${randomInt(1e6)}@exemple.fr`;
}

/** 'yyyy-MM-dd', `days` after today in Paris (the wizard accepts tomorrow at the earliest). */
function dayFromToday(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 'samedi 5 décembre 2026', the French long form of SPEC.md §2. */
function longDate(day: string): string {
  return new Intl.DateTimeFormat('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** '1 234,50 €' → 123450 (cents), whatever the spaces the browser's formatter uses. */
function cents(text: string): number {
  const match = /(\d[\d\s]*),(\d{2})\s*€/.exec(text);
  expect(match, `an amount in euros in "${text}"`).not.toBeNull();
  return Number(match![1]!.replace(/\s/g, '')) * 100 + Number(match![2]);
}

function toast(page: Page, text: string): Locator {
  return page.getByTestId('toast').filter({ hasText: text });
}

async function expectToast(page: Page, text: string): Promise<void> {
  await expect(toast(page, text).first()).toBeVisible();
}

/**
 * axe once the page is still: a dialog or a toast caught while fading in has blended colours
 * whose contrast means nothing. Endless animations (spinners) are not waited for.
 */
async function expectAxeClean(page: Page): Promise<void> {
  // A string, evaluated as is: the site's CSP forbids the eval that waitForFunction uses.
  const running =
    "document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length";
  await expect.poll(() => page.evaluate(running)).toBe(0);
  await expectNoAxeViolations(page);
}

function stepTitle(page: Page, title: string): Locator {
  return page.getByRole('heading', { level: 2, name: title, exact: true });
}

// ---------------------------------------------------------------------------------------------
// Step 1

interface EventChoice {
  /** The card's label (the start of its accessible name). */
  card: string;
  /** The sub-fields of that type. */
  details?: (page: Page) => Promise<void>;
  participants: number;
  date: string;
}

async function chooseEvent(page: Page, event: EventChoice): Promise<void> {
  await expect(stepTitle(page, 'Votre événement')).toBeVisible();
  const card = page.getByTestId('event-types').getByRole('button', { name: event.card });
  await card.click();
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  await event.details?.(page);
  await page.getByRole('spinbutton', { name: 'Nombre de participants' }).fill(String(event.participants));
  await page.getByLabel('Date souhaitée').fill(event.date);
  await expect(page.getByTestId('chosen-date')).toContainText(longDate(event.date));
}

async function continueFromStep1(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continuer', exact: true }).click();
  await expect(stepTitle(page, 'Activités & Services')).toBeVisible();
}

/** 'Continuer' with nothing chosen: the type message and the toast (SPEC.md §5). */
async function expectStep1Errors(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continuer', exact: true }).click();
  await expect(page.getByText("Veuillez sélectionner un type d'événement", { exact: true })).toBeVisible();
  await expectToast(page, FIX_ERRORS);
  await expect(stepTitle(page, 'Votre événement')).toBeVisible();
}

const subChoice = (group: string, option: string) => async (page: Page) => {
  await page
    .getByRole('group', { name: group, exact: true })
    .getByRole('button', { name: option, exact: true })
    .click();
};

// ---------------------------------------------------------------------------------------------
// Step 2

interface ChosenLine {
  name: string;
  kind: 'activity' | 'service';
  /** J+n */
  offset: number;
  /** The amount of the line for the event's participants, from the price shown. */
  cents: number;
}

function day(page: Page, offset: number): Locator {
  return page.getByRole('region', { name: new RegExp(`^J\\+${offset} - `) });
}

/**
 * Opens the catalogue of day J+offset, reads the item's price as shown and adds it: the toast
 * says so and the line appears on that day.
 */
async function addItem(
  page: Page,
  offset: number,
  kind: 'activity' | 'service',
  name: string,
  participants: number,
): Promise<ChosenLine> {
  await page.getByRole('button', { name: `Ajouter une activité ou un service (J+${offset})` }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter une activité ou un service' });
  await expect(dialog).toBeVisible();
  const group = dialog.getByRole('region', { name: kind === 'activity' ? 'Activités' : 'Services', exact: true });
  const entry = group.getByTestId('catalogue-entry').filter({ has: page.getByText(name, { exact: true }) });
  const price = await entry.getByText(/€/).innerText();
  const base = cents(price);
  const amount = /\/ personne/.test(price) ? base * participants : base;
  expect(/\/ personne|\(forfait\)/.test(price), `price per person or flat: "${price}"`).toBe(true);
  await entry.getByRole('button', { name: `Ajouter ${name}`, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, `${name} ajouté(e) avec succès`);
  await expect(day(page, offset).getByTestId('day-line').filter({ hasText: name })).toBeVisible();
  return { name, kind, offset, cents: amount };
}

async function addDay(page: Page, offset: number): Promise<void> {
  await page.getByRole('button', { name: 'Ajouter une journée' }).click();
  await expectToast(page, `Journée J+${offset} ajoutée`);
  await expect(day(page, offset)).toBeVisible();
}

async function removeItem(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Retirer ${name}`, exact: true }).click();
  await expectToast(page, 'Activité supprimée');
  await expect(page.getByTestId('day-line').filter({ hasText: name })).toHaveCount(0);
}

interface Programme {
  activity: string;
  service: string;
  /** Added to J+0, then removed. */
  removed: string;
}

/**
 * The step-2 part of a journey: an activity on J+0, a second day with a service, one more
 * activity added and removed. Returns the lines kept.
 */
async function composeProgramme(page: Page, programme: Programme, participants: number): Promise<ChosenLine[]> {
  await expect(day(page, 0)).toBeVisible();
  const activity = await addItem(page, 0, 'activity', programme.activity, participants);
  await addDay(page, 1);
  const service = await addItem(page, 1, 'service', programme.service, participants);
  await addItem(page, 0, 'activity', programme.removed, participants);
  await removeItem(page, programme.removed);
  return [activity, service];
}

/** The estimated total of the summary is the sum of the prices shown (SPEC.md §9). */
async function expectTotal(page: Page, testId: string, lines: readonly ChosenLine[]): Promise<void> {
  const expected = lines.reduce((sum, line) => sum + line.cents, 0);
  await expect.poll(async () => cents(await page.getByTestId(testId).innerText())).toBe(expected);
}

async function continueFromStep2(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continuer', exact: true }).click();
  await expect(stepTitle(page, 'Finalisation')).toBeVisible();
}

// ---------------------------------------------------------------------------------------------
// Step 3

interface Person {
  title: 'M' | 'Mme' | 'Mlle';
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

function accountForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Vos coordonnées' });
}

/**
 * Ticks a Chakra checkbox as a person does, on its visible box (its input is visually hidden
 * under the label).
 */
async function tick(checkbox: Locator): Promise<void> {
  await checkbox.locator('xpath=ancestor::label[1]').locator('[data-part="control"]').click();
  await expect(checkbox).toBeChecked();
}

async function acceptTerms(scope: Locator): Promise<void> {
  await tick(scope.getByRole('checkbox', { name: /J'accepte les conditions d'utilisation/ }));
}

async function fillAccount(page: Page, person: Person, company?: string): Promise<void> {
  const form = accountForm(page);
  await expect(form).toBeVisible();
  if (company) {
    await form
      .getByRole('group', { name: 'Vous êtes' })
      .getByRole('button', { name: 'Entreprise', exact: true })
      .click();
    await form.getByRole('combobox', { name: 'Civilité du contact' }).selectOption(person.title);
    await form.getByRole('textbox', { name: "Nom de l'entreprise", exact: true }).fill(company);
    await expect(form.getByRole('textbox', { name: 'Nom', exact: true })).toHaveCount(0);
  } else {
    await form.getByRole('combobox', { name: 'Civilité' }).selectOption(person.title);
    await form.getByRole('textbox', { name: 'Prénom', exact: true }).fill(person.firstName);
    await form.getByRole('textbox', { name: 'Nom', exact: true }).fill(person.lastName);
  }
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
  await form.getByRole('textbox', { name: 'Téléphone', exact: true }).fill(person.phone);
  await form.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(PASSWORD);
  await form.getByRole('textbox', { name: 'Confirmation du mot de passe', exact: true }).fill(PASSWORD);
  await acceptTerms(form);
}

async function submit(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
}

/** The success screen with its reference; returns the reference. */
async function expectSuccess(page: Page, toastText: string): Promise<string> {
  await expectToast(page, toastText);
  await expect(page.getByRole('heading', { level: 1, name: 'Demande envoyée avec succès !' })).toBeVisible();
  const reference = (await page.getByTestId('booking-reference').innerText()).trim();
  expect(reference).toMatch(REFERENCE);
  await expect(page.getByRole('link', { name: 'Accéder à mon espace client' })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
  return reference;
}

// ---------------------------------------------------------------------------------------------
// What the park received

async function apiLogin(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/v1/customer-auth/login', { data: { email, password: PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function registerThroughApi(request: APIRequestContext, person: Person): Promise<void> {
  const response = await request.post('/api/v1/customer-auth/register', {
    data: {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      password: PASSWORD,
      phone: person.phone,
    },
  });
  expect(response.status()).toBe(201);
}

interface Expected {
  reference: string;
  email: string;
  bookingType: string;
  type: string;
  participants: number;
  date: string;
  lines: readonly ChosenLine[];
  eventData: Record<string, string>;
}

/** The request is in the customer's list as sent, and the 'request received' e-mail arrived. */
async function expectRequestReceived(request: APIRequestContext, expected: Expected): Promise<BookingRequestSummary> {
  const token = await apiLogin(request, expected.email);
  const response = await request.get('/api/v1/customer-booking-requests', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as BookingListResponse;
  const booking = body.data.bookingRequests.find((candidate) => candidate.bookingRequestId === expected.reference);
  expect(booking, `request ${expected.reference} in the customer's list`).toBeDefined();
  expect(booking).toMatchObject({
    bookingType: expected.bookingType,
    type: expected.type,
    participants: expected.participants,
    startDate: expected.date,
    status: 'draft',
    clientValidation: 'pending',
    adminValidation: 'pending',
    additionalEventData: expected.eventData,
  });
  const sent = (kind: ChosenLine['kind']) =>
    expected.lines
      .filter((line) => line.kind === kind)
      .map((line) => ({
        name: line.name,
        scheduledDate: dayFromDate(expected.date, line.offset),
        total: line.cents / 100,
      }));
  const stored = (lines: BookingRequestSummary['bookingActivities']) =>
    lines.map((line) => ({ name: line.name, scheduledDate: line.scheduledDate, total: line.total }));
  expect(stored(booking!.bookingActivities)).toEqual(sent('activity'));
  expect(stored(booking!.bookingServices)).toEqual(sent('service'));
  expect(Math.round(booking!.estimatedTotal * 100)).toBe(expected.lines.reduce((sum, line) => sum + line.cents, 0));

  const mail = await waitForMail(expected.email, new RegExp(expected.reference));
  expect(mail.text).toContain('24 heures');
  return booking!;
}

function dayFromDate(start: string, offset: number): string {
  const date = new Date(`${start}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------

interface Journey {
  family: string;
  event: EventChoice;
  /** What the step-3 summary says of the event. */
  summary: string[];
  programme: Programme;
  person: Person;
  company?: string;
  bookingType: string;
  type: string;
  eventData: Record<string, string>;
}

function person(firstName: string, lastName: string, title: Person['title']): Person {
  return { title, firstName, lastName, email: uniqueEmail(firstName.toLowerCase()), phone: '06 12 34 56 78' };
}

const JOURNEYS: Journey[] = [
  {
    family: 'evg-evjf (evjf)',
    event: {
      card: 'Enterrement de vie de garçon/fille',
      details: subChoice("Type d'événement spécifique", 'Enterrement de vie de jeune fille'),
      participants: 12,
      date: dayFromToday(20),
    },
    summary: ['Enterrement de vie de jeune fille'],
    programme: { activity: 'Paintball', service: 'Repas barbecue', removed: 'Tir à l’arc' },
    person: person('Chloe', 'Bernard', 'Mme'),
    bookingType: 'evg-evjf',
    type: 'evjf',
    eventData: { Type: 'Enterrement de vie de garçon/fille', 'Type spécifique': 'Enterrement de vie de jeune fille' },
  },
  {
    family: "anniv 'Pour moi'",
    event: {
      card: 'Anniversaire',
      details: async (page) => {
        await tick(page.getByRole('checkbox', { name: 'Pour moi' }));
      },
      participants: 8,
      date: dayFromToday(25),
    },
    summary: ['Anniversaire', 'Pour moi'],
    programme: { activity: 'Tyrolienne géante', service: 'Goûter d’anniversaire', removed: 'Paintball' },
    person: person('Hugo', 'Lefevre', 'M'),
    bookingType: 'anniv',
    type: 'anniv',
    eventData: { Type: 'Anniversaire', 'Organisé pour': 'Moi-même' },
  },
  {
    family: 'group with an organisation name',
    event: {
      card: 'Groupe / Association',
      details: async (page) => {
        await page
          .getByRole('textbox', { name: "Nom du club ou de l'association", exact: true })
          .fill('  Club des Randonneurs  ');
      },
      participants: 25,
      date: dayFromToday(30),
    },
    summary: ['Groupe', 'Club des Randonneurs'],
    programme: { activity: 'Course d’orientation', service: 'Moniteur dédié', removed: 'Balade en VTT' },
    person: person('Nadia', 'Roussel', 'Mme'),
    bookingType: 'group',
    type: 'group',
    eventData: { Type: 'Groupe / Association', Organisation: 'Club des Randonneurs' },
  },
  {
    family: "company with a name and 'Séminaire'",
    event: {
      card: 'Entreprise',
      details: async (page) => {
        await page.getByRole('textbox', { name: "Nom de l'entreprise", exact: true }).fill('Pins & Cie');
        await subChoice("Type d'événement d'entreprise", 'Séminaire')(page);
      },
      participants: 40,
      date: dayFromToday(35),
    },
    summary: ['Séminaire', 'Pins & Cie'],
    programme: { activity: 'Olympiades en équipes', service: 'Location de salle de séminaire', removed: 'Paintball' },
    person: person('Marc', 'Entreprise', 'M'),
    company: 'Pins & Cie',
    bookingType: 'company',
    type: 'sem',
    eventData: { Type: 'Entreprise', Entreprise: 'Pins & Cie', 'Type d’événement': 'Séminaire' },
  },
  {
    family: 'act (individual)',
    event: { card: 'Individuel', participants: 2, date: dayFromToday(15) },
    summary: ['Individuel'],
    programme: { activity: 'Balade en VTT', service: 'Reportage photo souvenir', removed: 'Canoë-kayak sur le lac' },
    person: person('Ines', 'Garnier', 'Mlle'),
    bookingType: 'act',
    type: 'act',
    eventData: { Type: 'Individuel' },
  },
];

test.describe('booking wizard', () => {
  for (const [index, journey] of JOURNEYS.entries()) {
    // The first journey also runs axe on every step, the catalogue and the success screen.
    const withAxe = index === 0;
    test(`a full journey: ${journey.family}${withAxe ? ', axe clean on each step' : ''}`, async ({ page, request }) => {
      // Six axe passes over the journey: 24–31 s on a 2-core machine, past the default 30 s.
      if (withAxe) test.setTimeout(90_000);
      const { event, person: customer } = journey;
      await page.goto('/reservation');
      await expect(stepTitle(page, 'Votre événement')).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Étapes de la réservation' }).locator('[aria-current="step"]'),
      ).toContainText('Votre événement');
      await expectStep1Errors(page);
      if (withAxe) await expectAxeClean(page);
      await chooseEvent(page, event);
      await expect(page.getByText("Veuillez sélectionner un type d'événement", { exact: true })).toBeHidden();
      if (withAxe) await expectAxeClean(page);
      await continueFromStep1(page);

      const lines = await composeProgramme(page, journey.programme, event.participants);
      await expectTotal(page, 'estimated-total', lines);
      if (withAxe) {
        await expectAxeClean(page);
        await page.getByRole('button', { name: 'Ajouter une activité ou un service (J+1)' }).click();
        const dialog = page.getByRole('dialog', { name: 'Ajouter une activité ou un service' });
        await expect(dialog.getByTestId('catalogue-entry').first()).toBeVisible();
        await expectAxeClean(page);
        await dialog.getByRole('button', { name: 'Fermer', exact: true }).click();
        await expect(dialog).toBeHidden();
      }
      await continueFromStep2(page);

      const summary = page.getByRole('region', { name: 'Récapitulatif de votre demande' });
      for (const text of [...journey.summary, longDate(event.date), `${event.participants} participants`]) {
        await expect(summary).toContainText(text);
      }
      for (const line of lines) await expect(summary).toContainText(`J+${line.offset} · ${line.name}`);
      await expectTotal(page, 'final-estimated-total', lines);
      await fillAccount(page, customer, journey.company);
      if (withAxe) await expectAxeClean(page);
      await submit(page);

      const reference = await expectSuccess(page, ACCOUNT_AND_REQUEST);
      if (withAxe) await expectAxeClean(page);
      const booking = await expectRequestReceived(request, {
        reference,
        email: customer.email,
        bookingType: journey.bookingType,
        type: journey.type,
        participants: event.participants,
        date: event.date,
        lines,
        eventData: journey.eventData,
      });
      expect(booking.mainContact).toMatchObject(
        journey.company
          ? { firstName: journey.company, lastName: 'Entreprise', email: customer.email }
          : { firstName: customer.firstName, lastName: customer.lastName, email: customer.email },
      );
    });
  }

  test('the draft survives a reload and is cleared after success', async ({ page, request }) => {
    const customer = person('Lucas', 'Moreau', 'M');
    const event: EventChoice = {
      card: 'Enterrement de vie de garçon/fille',
      details: subChoice("Type d'événement spécifique", 'Enterrement de vie de couple'),
      participants: 6,
      date: dayFromToday(40),
    };
    await page.goto('/reservation');
    await chooseEvent(page, event);
    await continueFromStep1(page);
    const lines = await composeProgramme(
      page,
      { activity: 'Canoë-kayak sur le lac', service: 'Apéritif dînatoire', removed: 'Paintball' },
      event.participants,
    );

    await page.reload();
    await expect(stepTitle(page, 'Activités & Services')).toBeVisible();
    await expect(day(page, 0).getByTestId('day-line')).toHaveText([new RegExp(lines[0]!.name)]);
    await expect(day(page, 1).getByTestId('day-line')).toHaveText([new RegExp(lines[1]!.name)]);
    await expectTotal(page, 'estimated-total', lines);

    // Back to step 1: the event is still the one chosen.
    await page.getByRole('button', { name: 'Précédent' }).click();
    await expect(stepTitle(page, 'Votre événement')).toBeVisible();
    await expect(page.getByTestId('event-types').getByRole('button', { name: event.card })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Enterrement de vie de couple', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('spinbutton', { name: 'Nombre de participants' })).toHaveValue(
      String(event.participants),
    );
    await expect(page.getByLabel('Date souhaitée')).toHaveValue(event.date);
    await continueFromStep1(page);
    await continueFromStep2(page);

    // Step 3 typed in, then reloaded: everything but the passwords is kept.
    await fillAccount(page, customer);
    await page.reload();
    await expect(stepTitle(page, 'Finalisation')).toBeVisible();
    const form = accountForm(page);
    await expect(form.getByRole('textbox', { name: 'Prénom', exact: true })).toHaveValue(customer.firstName);
    await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(customer.email);
    await expect(form.getByRole('textbox', { name: 'Mot de passe', exact: true })).toHaveValue('');
    await form.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(PASSWORD);
    await form.getByRole('textbox', { name: 'Confirmation du mot de passe', exact: true }).fill(PASSWORD);
    await expect(form.getByRole('checkbox', { name: /J'accepte les conditions/ })).toBeChecked();
    await submit(page);
    const reference = await expectSuccess(page, ACCOUNT_AND_REQUEST);
    await expectRequestReceived(request, {
      reference,
      email: customer.email,
      bookingType: 'evg-evjf',
      type: 'evc',
      participants: event.participants,
      date: event.date,
      lines,
      eventData: { Type: 'Enterrement de vie de garçon/fille', 'Type spécifique': 'Enterrement de vie de couple' },
    });

    await page.goto('/reservation');
    await expect(stepTitle(page, 'Votre événement')).toBeVisible();
    await expect(page.getByTestId('event-types').getByRole('button', { name: event.card })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(page.getByRole('spinbutton', { name: 'Nombre de participants' })).toHaveValue('');
    await page.reload();
    await expect(stepTitle(page, 'Votre événement')).toBeVisible();
  });

  test('an e-mail that already has an account: 409 message, inline login, then the request is sent', async ({
    page,
    request,
  }) => {
    const customer = person('Emma', 'Faure', 'Mme');
    await registerThroughApi(request, customer);
    const event: EventChoice = { card: 'Individuel', participants: 4, date: dayFromToday(12) };
    await page.goto('/reservation');
    await chooseEvent(page, event);
    await continueFromStep1(page);
    const line = await addItem(page, 0, 'activity', 'Tir à l’arc', event.participants);
    await continueFromStep2(page);

    await fillAccount(page, customer);
    await submit(page);
    await expectToast(page, EMAIL_TAKEN);
    await expect(accountForm(page).getByRole('alert')).toHaveText(EMAIL_TAKEN);
    await expect(stepTitle(page, 'Finalisation')).toBeVisible();

    const login = page.getByRole('form', { name: 'Connexion à votre compte' });
    await expect(login).toBeVisible();
    await expect(login.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(customer.email);
    await expectAxeClean(page);
    await login.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Se connecter' }).click();
    await expectToast(page, 'Connexion réussie');

    // Still step 3, with the same request, now for the logged-in customer.
    await expect(stepTitle(page, 'Finalisation')).toBeVisible();
    await expect(page.getByTestId('connected-as')).toHaveText('Connecté en tant que Emma Faure');
    await expect(page.getByRole('region', { name: 'Récapitulatif de votre demande' })).toContainText(line.name);
    await expect(page.locator('input[type="password"]')).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: /J'accepte les conditions/ })).toBeChecked();
    await submit(page);
    const reference = await expectSuccess(page, REQUEST_ONLY);
    await expectRequestReceived(request, {
      reference,
      email: customer.email,
      bookingType: 'act',
      type: 'act',
      participants: event.participants,
      date: event.date,
      lines: [line],
      eventData: { Type: 'Individuel' },
    });
  });

  test('a logged-in customer: step 3 shows who they are, no password, and the request is sent', async ({
    page,
    request,
  }) => {
    const customer = person('Paul', 'Girard', 'M');
    await registerThroughApi(request, customer);
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(customer.email);
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/dashboard/);

    await page.goto('/reservation');
    const event: EventChoice = {
      card: 'Enterrement de vie de garçon/fille',
      details: subChoice("Type d'événement spécifique", 'Enterrement de vie de garçon'),
      participants: 10,
      date: dayFromToday(18),
    };
    await chooseEvent(page, event);
    await continueFromStep1(page);

    // Step 2 refuses to go on without an item (SPEC.md §5).
    await page.getByRole('button', { name: 'Continuer', exact: true }).click();
    await expectToast(page, NO_ACTIVITY);
    await expect(page.getByRole('main').getByText(NO_ACTIVITY, { exact: true })).toBeVisible();
    await expect(stepTitle(page, 'Activités & Services')).toBeVisible();

    const lines = [
      await addItem(page, 0, 'activity', 'Laser game en plein air', event.participants),
      await addItem(page, 0, 'service', 'Repas barbecue', event.participants),
    ];
    await expectTotal(page, 'estimated-total', lines);
    await continueFromStep2(page);

    await expect(page.getByTestId('connected-as')).toHaveText('Connecté en tant que Paul Girard');
    await expect(page.getByText(customer.email, { exact: true })).toBeVisible();
    await expect(page.locator('input[type="password"]')).toHaveCount(0);
    await expect(accountForm(page)).toHaveCount(0);
    await expectAxeClean(page);
    await acceptTerms(page.getByRole('form', { name: 'Votre demande' }));
    await submit(page);
    const reference = await expectSuccess(page, REQUEST_ONLY);
    await expectRequestReceived(request, {
      reference,
      email: customer.email,
      bookingType: 'evg-evjf',
      type: 'evg',
      participants: event.participants,
      date: event.date,
      lines,
      eventData: { Type: 'Enterrement de vie de garçon/fille', 'Type spécifique': 'Enterrement de vie de garçon' },
    });
  });

  test('a journey on a phone: no horizontal scroll and the step bar on each step @mobile', async ({
    page,
    request,
  }) => {
    test.skip(test.info().project.name !== 'mobile', 'phone layout only');
    const customer = person('Sarah', 'Mercier', 'Mme');
    const event: EventChoice = {
      card: 'Entreprise',
      details: async (p) => {
        await p.getByRole('textbox', { name: "Nom de l'entreprise", exact: true }).fill('Landes Informatique');
        await subChoice("Type d'événement d'entreprise", "Comité d'Entreprise")(p);
      },
      participants: 30,
      date: dayFromToday(45),
    };
    const expectStepBar = async (step: number) => {
      await expect(page.getByText(`Étape ${step} sur 3`, { exact: true })).toBeVisible();
      await expectNoHorizontalScroll(page);
    };

    await page.goto('/reservation');
    await expectStepBar(1);
    await expectStep1Errors(page);
    await expectNoHorizontalScroll(page);
    await chooseEvent(page, event);
    await expectNoHorizontalScroll(page);
    await continueFromStep1(page);

    await expectStepBar(2);
    const lines = [
      await addItem(page, 0, 'activity', 'Parcours aventure', event.participants),
      await addItem(page, 0, 'service', 'Location de salle de séminaire', event.participants),
    ];
    await expectTotal(page, 'estimated-total', lines);
    await expectStepBar(2);
    await page.getByRole('button', { name: 'Ajouter une activité ou un service (J+0)' }).click();
    await expect(page.getByRole('dialog').getByTestId('catalogue-entry').first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Fermer', exact: true }).click();
    await continueFromStep2(page);

    await expectStepBar(3);
    await fillAccount(page, customer);
    await expectNoHorizontalScroll(page);
    await submit(page);
    const reference = await expectSuccess(page, ACCOUNT_AND_REQUEST);
    await expectNoHorizontalScroll(page);
    await expectRequestReceived(request, {
      reference,
      email: customer.email,
      bookingType: 'company',
      type: 'ce',
      participants: event.participants,
      date: event.date,
      lines,
      eventData: { Type: 'Entreprise', Entreprise: 'Landes Informatique', 'Type d’événement': "Comité d'Entreprise" },
    });
  });
});
