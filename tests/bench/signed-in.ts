/**
 * The signed-in side of `npm run bench` (docs/decisions.md, "Performance"): a staff session for
 * `/admin`, and the responsiveness of two interactions under 4× CPU slowdown, measured as the
 * browser's Event Timing does for INP (the longest event of the interaction, input to next paint).
 */
import type { FastifyInstance } from 'fastify';
import { chromium, type Page } from 'playwright';
import type { Db } from '../../src/server/db/client';
import { createStaffAccount } from '../../src/server/modules/staff/staff-auth.service';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { chromiumPath, trustedChromeFlags } from './lighthouse';

/** A staff member of the bench and their token, as `/admin` keeps it (localStorage 'staffToken'). */
export async function benchStaffToken(app: FastifyInstance, db: Db): Promise<string> {
  const email = `equipe.${Date.now()}@exemple.fr`;
  const password = 'Pinede-Heron-2026';
  await createStaffAccount(db, { email, password, firstName: 'Alice', lastName: 'Bernard', role: 'admin' });
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/staff/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`connexion équipe : ${response.statusCode} ${response.body}`);
  return response.json<{ data: { token: string } }>().data.token;
}

/** Records every Event Timing entry of an interaction (durations rounded to 8 ms by the browser). */
function observeInteractions() {
  const state = window as unknown as { __interactions: number[] };
  state.__interactions = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
      if (entry.interactionId) state.__interactions.push(entry.duration);
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

/** The longest interaction `act` causes once `done` shows its outcome; 0 when none reached the observer's 16 ms. */
async function interaction(page: Page, act: () => Promise<void>, done: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    (window as unknown as { __interactions: number[] }).__interactions = [];
  });
  await act();
  await done();
  // Event Timing entries arrive after the next paint: two frames later they are all in.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const durations = await page.evaluate(() => (window as unknown as { __interactions: number[] }).__interactions);
  return Math.max(0, ...durations);
}

export interface InteractionFigures {
  openCatalogueMs: number;
  addActivityMs: number;
  sendMessageMs: number;
}

/** Wizard step 2 (open the day's catalogue, add an activity) and the booking chat (send), 4× CPU slowdown. */
export async function measureInteractions(
  origin: string,
  token: string,
  bookingId: string,
): Promise<InteractionFigures> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', ...trustedChromeFlags()],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: false,
    });
    await context.addInitScript(observeInteractions);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);

    await page.goto(`${origin}/reservation`);
    await page.getByTestId('event-types').getByRole('button', { name: 'Groupe / Association' }).click();
    await page
      .getByRole('textbox', { name: "Nom du club ou de l'association", exact: true })
      .fill('Club des Randonneurs');
    await page.getByRole('spinbutton', { name: 'Nombre de participants' }).fill('25');
    await page.getByLabel('Date souhaitée').fill(addIsoDays(tomorrowInParis(), 30));
    await page.getByRole('button', { name: 'Continuer', exact: true }).click();
    const open = page.getByRole('button', { name: 'Ajouter une activité ou un service (J+0)' });
    await open.waitFor();
    // The catalogue dialog's chunk is fetched once before measuring: the interaction, not the network.
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une activité ou un service' });
    await dialog.getByRole('button', { name: 'Fermer', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const openCatalogueMs = await interaction(
      page,
      () => open.click(),
      () => dialog.waitFor(),
    );
    const add = dialog
      .getByRole('region', { name: 'Activités', exact: true })
      .getByRole('button', { name: /^Ajouter / });
    const addActivityMs = await interaction(
      page,
      () => add.first().click(),
      () => page.getByTestId('day-line').first().waitFor(),
    );

    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.evaluate((value) => window.localStorage.setItem('token', value), token);
    await page.goto(`${origin}/booking/${bookingId}#discussion`);
    const chat = page.getByRole('region', { name: /^Discussion/ });
    const input = chat.getByRole('textbox', { name: 'Votre message' });
    await chat.getByTestId('chat-message').first().waitFor();
    await input.fill('Faut-il apporter des gants ?');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const sendMessageMs = await interaction(
      page,
      () => input.press('Enter'),
      () => chat.getByTestId('chat-message').filter({ hasText: 'apporter des gants' }).waitFor(),
    );
    return { openCatalogueMs, addActivityMs, sendMessageMs };
  } finally {
    await browser.close();
  }
}
