/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { formatFrenchPhone } from '../../src/shared/phone-display';
import {
  fetchEstablishmentInfo,
  recordPhoneLibraryScripts,
  recordSchemaScripts,
  recordScriptsHolding,
} from './support';

/**
 * docs/decisions.md, performance rule 6: the public pages arrive as HTML with their styles, and the client hydrates them
 * without replacing a node (a mismatch would make React render the page again from scratch).
 */
const PAGES = [
  { path: '/', heading: 'Vos événements de groupe en pleine nature' },
  { path: '/contact', heading: 'Contactez-nous' },
  { path: '/login', heading: 'Connexion' },
  { path: '/reservation', heading: 'Réservation de groupe' },
];

for (const { path, heading } of PAGES) {
  test(`${path} is served pre-rendered and hydrated with its nodes kept`, async ({ page, request }) => {
    const html = await (await request.get(path)).text();
    expect(html).toContain(`data-prerendered="${path}"`);
    expect(html).toContain(heading);
    expect(html).toMatch(/<style data-s="" data-prerendered-emotion="css [^"]+">/);

    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // Counts the elements removed from #root from the first byte on: hydration removes none.
    await page.addInitScript(() => {
      const state = { removed: [] as string[], stylesMoved: 0 };
      (window as unknown as { __prerender: typeof state }).__prerender = state;
      new MutationObserver((records) => {
        for (const record of records) {
          // The style tags written at build time stay where they are (a move restyles the page).
          record.removedNodes.forEach((node) => {
            if (node instanceof HTMLStyleElement) state.stylesMoved += 1;
          });
          const inRoot = record.target instanceof Element && record.target.closest('#root');
          if (!inRoot) continue;
          record.removedNodes.forEach((node) => {
            if (node instanceof Element) state.removed.push(node.outerHTML.slice(0, 160));
          });
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(path);
    const h1 = page.getByRole('heading', { level: 1 }).first();
    await expect(h1).toContainText(heading);
    // React marks the nodes it owns: the pre-rendered heading becomes React's own node.
    await expect
      .poll(() => h1.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))), {
        timeout: 15_000,
      })
      .toBe(true);
    await page.waitForLoadState('networkidle');
    const { removed, stylesMoved } = await page.evaluate(
      () => (window as unknown as { __prerender: { removed: string[]; stylesMoved: number } }).__prerender,
    );
    expect(removed).toEqual([]);
    expect(stylesMoved).toBe(0);
    expect(errors).toEqual([]);
  });
}

test('a page that is not pre-rendered gets the empty shell, not the home page', async ({ request }) => {
  const html = await (await request.get('/booking-success')).text();
  expect(html).toContain('<div id="root"></div>');
  expect(html).not.toContain('data-prerendered');
});

/** The scripts a pre-rendered page names in its inert <template>, and the rest of its HTML. */
function splitAfterPaint(html: string) {
  const template = /<template id="parc-after-paint">([\s\S]*?)<\/template>/.exec(html)?.[1] ?? '';
  return { template, live: html.replace(template, '') };
}

test('the home page loads its scripts only after the load event, and names them', async ({ request }) => {
  const html = await (await request.get('/')).text();
  // Its scripts are named in an inert <template> (nothing fetched), copied out after the first paint.
  const { template, live } = splitAfterPaint(html);
  expect(template).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
  expect(template).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/home-page-[\w-]+\.js">/);
  expect(live).not.toMatch(/<script type="module"|rel="modulepreload"/);
  expect(live).toMatch(/<script src="\/assets\/load-after-paint-[\w-]+\.js" data-after="load" defer><\/script>/);
  expect(html).toMatch(/<link rel="preload" href="\/assets\/inter-fr-wght-[\w-]+\.woff2" as="font"/);
});

test('the home page shows the park’s phone as entered without loading the phone library', async ({ page, request }) => {
  const { phone } = await fetchEstablishmentInfo(request);
  const shown = formatFrenchPhone(phone);
  expect(shown, `a French number: ${phone}`).toBeDefined();
  const phoneLibrary = recordPhoneLibraryScripts(page);
  await page.goto('/');
  await expect(page.getByTestId('footer-phone')).toHaveText(shown!);
  // Hydrated, and its idle work done: still no phone library.
  await page.waitForLoadState('networkidle');
  expect(await phoneLibrary()).toEqual([]);
});

test('a page loads the toasts’ view with its first toast only', async ({ page }) => {
  // The view's close button is named in French (toaster-view.tsx).
  const toastView = recordScriptsHolding(page, 'Fermer la notification');
  await page.goto('/reservation');
  await expect(page.getByRole('heading', { level: 1, name: 'Réservation de groupe' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await toastView()).toEqual([]);

  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByTestId('toast')).toContainText('Veuillez corriger les erreurs avant de continuer');
  expect((await toastView()).length).toBeGreaterThan(0);
});

test('the wizard’s first step loads its rules, zod and the phone library, at the first touch only', async ({
  page,
}) => {
  const schemas = recordSchemaScripts(page);
  const phoneLibrary = recordPhoneLibraryScripts(page);
  await page.goto('/reservation');
  await expect(page.getByRole('heading', { level: 1, name: 'Réservation de groupe' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await schemas()).toEqual([]);
  expect(await phoneLibrary()).toEqual([]);

  // The first touch brings them, and "Continuer" with nothing chosen shows the rules' messages.
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByText("Veuillez sélectionner un type d'événement")).toBeVisible();
  expect((await schemas()).length).toBeGreaterThan(0);
});

test('a form page names its route chunk with the entry and fetches them right after the first paint', async ({
  request,
}) => {
  const html = await (await request.get('/reservation')).text();
  const { template, live } = splitAfterPaint(html);
  expect(template).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/booking-wizard-page-[\w-]+\.js">/);
  expect(template).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
  expect(live).not.toMatch(/<script type="module"|rel="modulepreload"/);
  // Without data-after="load": the form does not wait for the load event to become interactive.
  expect(live).toMatch(/<script src="\/assets\/load-after-paint-[\w-]+\.js" defer><\/script>/);
});

test.describe("the customer area's shells (performance rule 23)", () => {
  test('name the page’s route chunk after the first paint, with the entry', async ({ request }) => {
    const pages = [
      ['/dashboard', 'dashboard-route'],
      ['/booking/7d1c0a52-3c1e-4a44-9a0e-5b7c2d1e9f10', 'booking-detail-route'],
    ] as const;
    for (const [path, chunk] of pages) {
      const html = await (await request.get(path)).text();
      const { template, live } = splitAfterPaint(html);
      expect(template).toMatch(
        new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${chunk}-[\\w-]+\\.js">`),
      );
      expect(template).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
      expect(live).not.toMatch(/<script type="module"|rel="modulepreload"/);
      // The dashboard's frame is hydrated with the queries it was drawn with (the park's details);
      // the client renders over the booking page's spinner, which carries none.
      if (chunk === 'dashboard-route')
        expect(html).toContain('<script type="application/json" id="parc-prerender-state">');
      else expect(html).not.toContain('parc-prerender-state');
    }
  });

  test.describe('before any script has run', () => {
    test.use({ javaScriptEnabled: false });

    test('/dashboard shows the header and its own frame, the tab that `?tab=` names selected', async ({ page }) => {
      await page.goto('/dashboard');
      await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Parc Aventure, accueil' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Mon espace client' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Mes réservations' })).toHaveAttribute('aria-selected', 'true');
      await expect(
        page.getByText('Les demandes de réservation que vous avez faites en tant qu’organisateur.'),
      ).toBeVisible();
      await expect(page.getByText('Chargement de vos réservations…')).toBeVisible();
      await expect(page.getByRole('status', { name: 'Vérification de la session' })).toHaveCount(0);

      await page.goto('/dashboard?tab=payments');
      await expect(page.getByRole('tab', { name: 'Paiements' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('heading', { level: 2, name: 'Paiements' })).toBeVisible();
    });

    test('/booking/{id} shows the header and the session’s spinner', async ({ page }) => {
      await page.goto('/booking/7d1c0a52-3c1e-4a44-9a0e-5b7c2d1e9f10');
      await expect(page.getByRole('status', { name: 'Vérification de la session' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
    });
  });
});

test('the app starts once the loader has put every module preload in <head>: each is put there once, none in a burst', async ({
  page,
}) => {
  // The loader asks for its next task through a MessageChannel (docs/decisions.md, performance rule
  // 7); here each of its steps waits 100 ms. Started before the loader's end, the app's dynamic
  // imports put in <head> at once the deps the loader had not reached, which it then put there
  // again. Other channels (React's scheduler) are left alone.
  await page.addInitScript(() => {
    const Native = window.MessageChannel;
    window.MessageChannel = class extends Native {
      constructor() {
        super();
        const loaderPort = this.port1;
        const send = this.port2.postMessage.bind(this.port2);
        this.port2.postMessage = (message: unknown) => {
          if (loaderPort.onmessage?.name === 'preloadSome') setTimeout(() => send(message), 100);
          else send(message);
        };
      }
    };
  });
  await page.goto('/reservation');
  await expect(page.getByRole('heading', { level: 1, name: 'Réservation de groupe' })).toBeVisible();
  await expect(page.locator('template#parc-after-paint[data-inserted]')).toHaveCount(1, { timeout: 15_000 });
  // Hydrated: the form answers.
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByText("Veuillez sélectionner un type d'événement")).toBeVisible();
  const hrefs = await page.evaluate(() =>
    Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]'), (link) => link.href),
  );
  expect(hrefs.some((href) => /\/assets\/booking-wizard-page-[\w-]+\.js$/.test(href))).toBe(true);
  expect(hrefs.filter((href, index) => hrefs.indexOf(href) !== index)).toEqual([]);
});

test.describe('the pre-rendered controls while the page hydrates (docs/decisions.md, performance rule 15)', () => {
  test.describe('before any script has run', () => {
    test.use({ javaScriptEnabled: false });

    test('/login’s controls are disabled and keep their enabled look', async ({ page }) => {
      await page.goto('/login');
      await expect(page.locator('fieldset[data-hydrating]')).toHaveCount(1);
      for (const control of [
        page.getByRole('textbox', { name: 'Email' }),
        page.getByRole('button', { name: 'Se connecter' }),
      ]) {
        await expect(control).toBeDisabled();
        await expect(control).toHaveCSS('opacity', '1');
        await expect(control).toHaveCSS('cursor', 'progress');
      }
    });
  });

  test('the end of hydration restyles the controls only, not the whole page', async ({ page, browser }) => {
    await page.goto('/login');
    await expect(page.locator('fieldset[data-hydrating]')).toHaveCount(0);
    // The page put back as it was before hydration, then hydration's change made again, traced.
    await page.evaluate(() => {
      const fieldset = document.querySelector('fieldset')!;
      fieldset.disabled = true;
      fieldset.setAttribute('data-hydrating', '');
      void document.body.offsetHeight;
    });
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    const elements = await page.evaluate(() => {
      const fieldset = document.querySelector('fieldset')!;
      fieldset.disabled = false;
      fieldset.removeAttribute('data-hydrating');
      void document.body.offsetHeight;
      return document.querySelectorAll('*').length;
    });
    const trace = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: { name: string; ph: string; args?: { elementCount?: number } }[];
    };
    const restyled = trace.traceEvents
      .filter((event) => event.name === 'UpdateLayoutTree' && event.ph === 'X')
      .map((event) => event.args?.elementCount ?? 0);
    expect(restyled.length).toBeGreaterThan(0);
    // The controls and what they hold (an icon, a label); a rule naming `:disabled` under the
    // fieldset restyled every element of the page.
    expect(Math.max(...restyled)).toBeLessThan(elements / 4);
  });
});
