// @vitest-environment jsdom
/**
 * docs/decisions.md, performance rule 6: every pre-rendered public page hydrates without a mismatch in a development build.
 * The pages are pre-rendered as the web build does (src/renderer/prerender.tsx on the seeded data
 * of scripts/vite/prerender-data.ts), in a Node process of their own (emotion then runs in its
 * server mode, as at build time); each page's HTML and styles are then put in this document and
 * hydrated as start.tsx does, with React's development checks on.
 * It once failed on /reservation: the pages were pre-rendered one after the other with one Chakra
 * system, whose style cache kept the property order of an earlier page (shared/theme.ts).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { act, startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { build } from 'vite';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prerenderDataFromSeed } from '../../../scripts/vite/prerender-data';
import { App } from '@renderer/app/app';
import {
  PRERENDER_STATE_ID,
  PRERENDERED_ATTRIBUTE,
  PRERENDERED_PAGES,
  PRERENDERED_SHELLS,
  readPrerenderState,
} from '@renderer/app/prerendered-pages';
import { createEmotionCache, createQueryClient, stylesInPage } from '@renderer/app/providers';
import { drawnWhileChecking, preloadRoute } from '@renderer/app/router';
import { installMatchMedia, viewport } from './support/match-media';
import { clearAuthToken, setAuthToken } from '@renderer/shared/session/auth-token';
import { prerenderWithStoredToken, sessionQueryKey } from '@renderer/shared/session/use-session';
import type { Customer } from '@shared/api/customer.schema';
import { queryKeys } from '@renderer/shared/api/query-keys';
import { createAppSystem } from '@renderer/shared/theme';

// The session's check never answers here: a shell is what a stored token shows until it does.
// Public pages, rendered without a token, never ask for it.
vi.mock('@renderer/shared/session/auth-calls', () => ({ authCalls: () => new Promise(() => undefined) }));

const CAMILLE: Customer = {
  _id: 'c0ffee00-0000-4000-8000-000000000001',
  firstName: 'Camille',
  lastName: 'Durand',
  email: 'camille.durand@exemple.fr',
  phone: null,
  status: 'active',
  createdAt: '2026-11-01T09:00:00.000Z',
  isTemporaryPassword: false,
};

interface PrerenderedPage {
  html: string;
  styles: string;
  state: string;
}

const ROOT = resolve(import.meta.dirname, '../../..');
// Inside the project, so that the built module resolves its packages from node_modules.
const workDir = join(ROOT, 'node_modules/.cache/parc-prerender-test', String(process.pid));
let pages: Record<string, PrerenderedPage> = {};

beforeAll(async () => {
  const ssrDir = join(workDir, 'ssr');
  await build({
    configFile: false,
    root: join(ROOT, 'src/renderer'),
    mode: 'development',
    logLevel: 'error',
    plugins: [react()],
    resolve: { alias: { '@shared': join(ROOT, 'src/shared') } },
    build: { ssr: join(ROOT, 'src/renderer/prerender.tsx'), outDir: ssrDir, emptyOutDir: true, minify: false },
  });
  const entry = readdirSync(ssrDir).find((file) => file.startsWith('prerender') && file.endsWith('.js'));
  if (!entry) throw new Error('module de pré-rendu introuvable');
  writeFileSync(join(workDir, 'data.json'), JSON.stringify(prerenderDataFromSeed()));
  const script = `
    import { readFileSync, writeFileSync } from 'node:fs';
    const m = await import(${JSON.stringify(pathToFileURL(join(ssrDir, entry)).href)});
    const data = JSON.parse(readFileSync(${JSON.stringify(join(workDir, 'data.json'))}, 'utf8'));
    const pages = {};
    for (const { path } of m.PRERENDERED_PAGES) pages[path] = await m.prerenderPage(path, data);
    for (const { name, path } of m.PRERENDERED_SHELLS) pages['shell:' + name] = await m.prerenderShell(path, data);
    writeFileSync(${JSON.stringify(join(workDir, 'pages.json'))}, JSON.stringify(pages));
  `;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development' },
    stdio: 'inherit',
  });
  pages = JSON.parse(readFileSync(join(workDir, 'pages.json'), 'utf8')) as Record<string, PrerenderedPage>;
}, 120_000);

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.head
    .querySelectorAll('style[data-emotion], style[data-prerendered-emotion]')
    .forEach((style) => style.remove());
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const HYDRATION_WARNING = /hydrat|did(?: not|n't) match|server rendered/i;

/** React's hydration warnings printed from now on (console.error), the others printed as usual. */
function recordHydrationWarnings(): string[] {
  const warnings: string[] = [];
  const consoleError = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map(String).join(' ');
    if (HYDRATION_WARNING.test(text)) warnings.push(text);
    else consoleError(...args);
  });
  return warnings;
}

describe('hydratation des pages pré-rendues (build de développement)', () => {
  it("pré-rend toutes les pages publiques et les coquilles de l'espace client", () => {
    expect(Object.keys(pages).sort()).toEqual(
      [...PRERENDERED_PAGES.map(({ path }) => path), ...PRERENDERED_SHELLS.map(({ name }) => `shell:${name}`)].sort(),
    );
  });

  it("n'écrit que les préfixes encore utiles, et aucun style de mode sombre", () => {
    // docs/decisions.md, performance rule 17: the prefixes of browsers this bundle does not target
    // (a second copy of every keyframes block, -moz-/-ms- transforms) and the `.dark` tokens
    // made a third of the CSS in each page's <head>.
    const styles = pages['/']!.styles;
    expect(styles).toContain('@keyframes spin{');
    expect(styles).not.toContain('@-webkit-keyframes');
    expect(styles).not.toMatch(/-(?:moz|ms|webkit)-transform/);
    expect(styles).not.toContain('.dark');
    expect(styles).toContain('-webkit-user-select:none;user-select:none;');
  });

  it('écrit les requêtes du pré-rendu sous leur clé, datées de 1970 pour être rafraîchies', () => {
    const client = createQueryClient();
    readPrerenderState(client, pages['/']!.state);
    const queries = client.getQueryCache().getAll();
    expect(queries.map((query) => query.queryKey)).toEqual([
      ['public', 'establishment', 'info'],
      ['public', 'catalogue', 'featured-activities'],
    ]);
    expect(queries.every((query) => query.state.dataUpdatedAt === 1 && query.isStaleByTime(60_000))).toBe(true);
    expect(client.getQueryData(['public', 'establishment', 'info'])).toMatchObject({
      name: 'Parc Aventure des Landes',
    });
  });

  it.each(PRERENDERED_PAGES.map(({ path }) => path))('%s hydrate sans écart et garde ses nœuds', async (path) => {
    const page = pages[path]!;
    window.history.replaceState(null, '', path);
    document.head.insertAdjacentHTML('beforeend', page.styles);
    document.body.innerHTML =
      `<div id="root" ${PRERENDERED_ATTRIBUTE}="${path}">${page.html}</div>` +
      `<script type="application/json" id="${PRERENDER_STATE_ID}"></script>`;
    document.getElementById(PRERENDER_STATE_ID)!.textContent = page.state;
    const container = document.getElementById('root')!;
    const firstNode = container.firstElementChild;
    expect(firstNode).not.toBeNull();

    const warnings = recordHydrationWarnings();

    // As start.tsx does (in a transition), with a Chakra system as fresh as a browser's that has just loaded the page
    // (its style caches would otherwise remember the pages hydrated before in this test).
    const queryClient = createQueryClient();
    readPrerenderState(queryClient, page.state);
    await preloadRoute(path);
    // The written style tags stay where they are when emotion's cache is created (`data-s`,
    // `data-prerendered-emotion`): moved, they made the browser restyle the page in a long task.
    const afterStyles = document.createElement('meta');
    document.head.append(afterStyles);
    const headBefore = [...document.head.children];
    const emotionCache = createEmotionCache();
    expect([...document.head.children]).toEqual(headBefore);
    expect(document.head.lastElementChild).toBe(afterStyles);
    afterStyles.remove();
    const globalStyles = () => [...document.querySelectorAll('style[data-emotion^="css-global"]')];
    const writtenGlobalStyles = globalStyles();
    expect(writtenGlobalStyles.length).toBeGreaterThan(0);
    await act(async () => {
      startTransition(() => {
        root = hydrateRoot(
          container,
          <StrictMode>
            <App queryClient={queryClient} emotionCache={emotionCache} system={stylesInPage(createAppSystem())} />
          </StrictMode>,
          {
            onRecoverableError: (error) => warnings.push(`recoverable: ${String(error)}`),
          },
        );
      });
      await new Promise((done) => setTimeout(done, 50));
    });

    expect(warnings).toEqual([]);
    expect(container.firstElementChild).toBe(firstNode);
    // Chakra's global, reset, token and layer-order styles are the ones written at build time,
    // kept as they are and in their order.
    expect(globalStyles()).toEqual(writtenGlobalStyles);
    // The rules written at build time are taken as inserted: hydrating writes none of them again
    // (the toaster, rendered on the client only, writes its own).
    const writtenRules = new Set(
      [...document.head.querySelectorAll('style[data-prerendered-emotion]')].flatMap((style) =>
        style.getAttribute('data-prerendered-emotion')!.split(' ').slice(1),
      ),
    );
    expect(writtenRules.size).toBeGreaterThan(0);
    const insertedAgain = [...document.head.querySelectorAll('style[data-emotion="css"]')]
      .flatMap((style) => [...(style.textContent ?? '').matchAll(/\.css-([a-z0-9]+)/g)].map((match) => match[1]!))
      .filter((name) => writtenRules.has(name));
    expect(insertedAgain).toEqual([]);
  });
});

/** What each tab of /dashboard's shells shows while its data loads. */
const SHELL_TAB_TEXT: Record<string, string> = {
  reservations: 'Les demandes de réservation que vous avez faites en tant qu’organisateur.</p>',
  invitations: 'Chargement de vos invitations…</p>',
  profile: 'aria-label="Chargement du profil"',
  payments: 'aria-label="Chargement des paiements"',
};

describe("coquilles de l'espace client (performance rule 23)", () => {
  const drawnShells = PRERENDERED_SHELLS.filter(({ path }) => drawnWhileChecking(path));
  const spinnerShells = PRERENDERED_SHELLS.filter(({ path }) => !drawnWhileChecking(path));

  it('dessine le cadre de /dashboard dans ses coquilles, une par onglet, et le spinner de session ailleurs', () => {
    expect(drawnShells.map(({ path }) => path)).toEqual([
      '/dashboard',
      '/dashboard?tab=invitations',
      '/dashboard?tab=profile',
      '/dashboard?tab=payments',
    ]);
    expect(spinnerShells.map(({ path }) => path)).toEqual(['/booking/reservation']);
  });

  /** Hydrates a dashboard shell as start.tsx does; the lists already in, and the session's answer too if said. */
  async function hydrateDrawnShell({ name, path }: { name: string; path: string }, sessionAnswered: boolean) {
    const shell = pages[`shell:${name}`]!;
    // The page's own frame, its lists loading, not the guard's spinner (the largest text of the
    // page painted with the HTML).
    expect(shell.html).not.toContain('aria-label="Vérification de la session"');
    expect(shell.html).toContain('>Connexion</a>');
    expect(shell.html).toContain('>Mon espace client</h1>');
    const tab = new URLSearchParams(path.split('?')[1]).get('tab') ?? 'reservations';
    expect(shell.html).toContain(`data-value="${tab}" aria-selected="true"`);
    expect(shell.html).toContain(SHELL_TAB_TEXT[tab]);
    window.history.replaceState(null, '', path);
    document.head.insertAdjacentHTML('beforeend', shell.styles);
    document.body.innerHTML =
      `<div id="root" ${PRERENDERED_ATTRIBUTE}="${path}">${shell.html}</div>` +
      `<script type="application/json" id="${PRERENDER_STATE_ID}"></script>`;
    document.getElementById(PRERENDER_STATE_ID)!.textContent = shell.state!;
    const container = document.getElementById('root')!;
    const firstNode = container.firstElementChild;
    const lead = [...container.querySelectorAll('h1')].find((h1) => h1.textContent === 'Mon espace client');
    expect(lead).toBeDefined();

    const warnings = recordHydrationWarnings();

    // As start.tsx does: a phone's width, the stored token read as the build's, the page's
    // chunk in, and the lists asked for at start-up already answered.
    viewport.width = 360;
    installMatchMedia();
    setAuthToken('jeton-enregistre');
    prerenderWithStoredToken('jeton-enregistre');
    const queryClient = createQueryClient();
    readPrerenderState(queryClient, shell.state!);
    queryClient.setQueryData(queryKeys.bookings.list(), []);
    queryClient.setQueryData(queryKeys.bookings.invitations(), []);
    // The session's check answered before the page's part hydrated (seen over HTTP/2): the
    // first render is still the shell's, the customer drawn in the render after.
    if (sessionAnswered) queryClient.setQueryData(sessionQueryKey('jeton-enregistre'), CAMILLE);
    await preloadRoute(path);
    try {
      await act(async () => {
        startTransition(() => {
          root = hydrateRoot(
            container,
            <StrictMode>
              <App
                queryClient={queryClient}
                emotionCache={createEmotionCache()}
                system={stylesInPage(createAppSystem())}
              />
            </StrictMode>,
            { onRecoverableError: (error) => warnings.push(`recoverable: ${String(error)}`) },
          );
        });
        await new Promise((done) => setTimeout(done, 50));
      });
      expect(warnings).toEqual([]);
      // The same nodes, the title included; the lists then drawn from what had arrived.
      expect(container.firstElementChild).toBe(firstNode);
      expect(lead!.isConnected).toBe(true);
      expect(container.textContent).not.toContain('Vérification de la session');
      if (tab === 'reservations') expect(container.textContent).toContain('Vous n’avez pas encore de demande');
      expect(container.querySelector('[role="tab"][data-value="invitations"]')!.textContent).toContain('0');
      const name = container.querySelector('[data-testid="dashboard-user-name"]');
      expect(name?.textContent ?? null).toBe(sessionAnswered ? 'Camille Durand' : null);
    } finally {
      prerenderWithStoredToken(null);
      clearAuthToken();
      viewport.width = 1280;
    }
  }

  it.each(drawnShells)(
    '$path : hydratée sans écart, jeton enregistré en cours de vérification et listes déjà reçues',
    (shell) => hydrateDrawnShell(shell, false),
  );

  it('/dashboard : hydratée sans écart quand la vérification de session a déjà répondu, le client affiché ensuite', () =>
    hydrateDrawnShell(drawnShells[0]!, true));

  it.each(spinnerShells)(
    '$path : le premier rendu du client, jeton enregistré pas encore vérifié, redessine la coquille à l’identique',
    async ({ name, path }) => {
      const shell = pages[`shell:${name}`]!;
      expect(shell.html).toContain('aria-label="Vérification de la session"');
      expect(shell.html).toContain('>Connexion</a>');
      // The client renders over it: it carries no queries.
      expect(shell.state).toBeUndefined();
      window.history.replaceState(null, '', path);
      document.head.insertAdjacentHTML('beforeend', shell.styles);
      document.body.innerHTML = `<div id="root" ${PRERENDERED_ATTRIBUTE}="${path}">${shell.html}</div>`;
      const container = document.getElementById('root')!;
      // Without the Suspense boundaries' comments, which only a server render writes.
      const drawn = (selector: string) => container.querySelector(selector)?.outerHTML.replace(/<!--\/?\$-->/g, '');
      const written = { header: drawn('header'), main: drawn('main') };
      expect(written.header).toContain('Parc Aventure');
      expect(written.main).toContain('role="status"');

      setAuthToken('jeton-enregistre');
      try {
        await act(async () => {
          startTransition(() => {
            root = createRoot(container);
            root.render(
              <StrictMode>
                <App queryClient={createQueryClient()} system={stylesInPage(createAppSystem())} />
              </StrictMode>,
            );
          });
          await new Promise((done) => setTimeout(done, 50));
        });
        // The header and the spinner as written at build time, class names included: no flash,
        // no restyle when the client's render replaces them.
        expect({ header: drawn('header'), main: drawn('main') }).toEqual(written);
      } finally {
        clearAuthToken();
      }
    },
  );
});

describe('stylesInPage', () => {
  it('is the same system without the global styles to insert, and leaves the system as it was', () => {
    const system = createAppSystem();
    const inPage = stylesInPage(system);
    expect(inPage._global).toEqual([]);
    expect(inPage._config.disableLayers).toBe(true);
    expect(system._config.disableLayers).toBeFalsy();
    expect(inPage.layers.wrap('recipes', { color: 'red' })).toEqual(system.layers.wrap('recipes', { color: 'red' }));
    expect(inPage.css).toBe(system.css);
    expect(inPage.token).toBe(system.token);
    expect(inPage.getSlotRecipeFn).toBe(system.getSlotRecipeFn);
    expect(inPage._config.theme).toBe(system._config.theme);
    expect(system._global.length).toBe(3);
  });
});
