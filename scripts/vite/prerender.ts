import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import {
  AFTER_PAINT_TEMPLATE,
  APP_SHELL,
  LATER_PRELOAD_ATTRIBUTE,
  SHELLS_DIR,
} from '../../src/shared/web-bundle-files';
import { prerenderDataFromSeed, type PrerenderData } from './prerender-data';

/** What src/renderer/prerender.tsx returns (its own types need the DOM and JSX). */
interface PrerenderedPage {
  html: string;
  styles: string;
  state?: string;
}

interface PrerenderEntry {
  PRERENDERED_PAGES: { path: string }[];
  PRERENDERED_SHELLS: { name: string; path: string; later?: string[] }[];
  prerenderPage(path: string, data: PrerenderData): Promise<PrerenderedPage>;
  prerenderShell(path: string, data: PrerenderData): Promise<PrerenderedPage>;
  routePageExports(path: string): string[];
}

/** Vite's build manifest (`build.manifest`), by source file relative to the renderer's root. */
type Manifest = Record<
  string,
  {
    file: string;
    src?: string;
    isEntry?: boolean;
    isDynamicEntry?: boolean;
    imports?: string[];
    dynamicImports?: string[];
  }
>;

/** Where the build writes its manifest, read here then removed (it is no asset to serve). */
export const MANIFEST = '.vite/manifest.json';

const kebab = (name: string) =>
  name.replace(/[A-Z]/g, (letter, index: number) => (index ? '-' : '') + letter.toLowerCase());

/** The files of the manifest's chunks named by `keys`, each with the chunks it imports statically. */
function chunkFiles(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return [...files];
}

/**
 * The scripts a pre-rendered page loads before hydration: the steps the entry imports one after
 * the other (main.tsx, docs/decisions.md performance rule 15) and its routes (start.tsx
 * `preloadRoute`): each lazy page's chunk ('HomePage' → features/…/home-page.tsx), each with the
 * chunks it imports statically.
 * Named in the page as module preloads, so that the browser fetches them with the entry instead
 * of after it, and so that the page says what it loads (docs/decisions.md, performance rule 6).
 */
function routeChunks(manifest: Manifest, pageExports: string[]): string[] {
  const steps = Object.values(manifest).flatMap((chunk) => (chunk.isEntry ? (chunk.dynamicImports ?? []) : []));
  const pages = pageExports.map((name) => {
    const key = Object.keys(manifest).find(
      (source) => manifest[source]!.isDynamicEntry && source.endsWith(`/${kebab(name)}.tsx`),
    );
    if (!key) throw new Error(`Pré-rendu : chunk de la page ${name} introuvable dans le manifeste`);
    return key;
  });
  return chunkFiles(manifest, [...steps, ...pages]);
}

/**
 * The chunks of the modules a page imports once its top has painted (`later` in PRERENDERED_SHELLS),
 * each with those it imports statically: named in the page's template with LATER_PRELOAD_ATTRIBUTE,
 * which the loader skips and the page's code puts in <head> a few per task before the import
 * (src/renderer/shared/preload-later.ts, docs/decisions.md, performance rule 7).
 */
function laterChunks(manifest: Manifest, modules: string[]): string[] {
  for (const module of modules) {
    if (!manifest[module]?.isDynamicEntry) throw new Error(`Pré-rendu : ${module} n’est pas un import à la demande`);
  }
  return chunkFiles(manifest, modules);
}

/**
 * Starts the app's scripts once the pre-rendered page has painted (docs/decisions.md,
 * performance rule 7): they then take nothing from the first paint. "Painted" is the browser's
 * first-contentful-paint timing entry, reported once that frame is on screen (a frame's
 * requestAnimationFrame callbacks run before it is drawn, so scripts started from there were
 * often fetched before the paint; 3 s at most, and the frame after where the entry type is
 * unknown). On the home page, whose
 * links work without JavaScript (STACK.md recipe, step 5, `data-after="load"`), it also waits
 * for `load`; a form page starts them right after its first paint, so that its form becomes
 * interactive as early as before. The scripts are written in the page, as usual tags inside a
 * <template> (inert: nothing is fetched), so that the page still says what it loads; this copies
 * them into <head> as live tags: the entry as a module preload first, then the module preloads
 * two per task (each inserted preload costs the main thread two to three milliseconds, about nine
 * under Lighthouse's CPU slowdown: sixty at once made one task of about 200 ms, eight one of 55 to
 * 85 ms, four tasks of 60 to 75 ms in Lighthouse's simulation), the next task asked for through a
 * MessageChannel (a chain of timers waits 4 ms a step after the fifth), and the entry's script
 * once they are all in (the template then carries `data-inserted`). Started before, the app's
 * dynamic imports (its start-up steps, the route) found some of their deps not yet in <head>, and
 * Vite's preload helper inserted those in one task of 25–40 ms (100–170 under the slowdown),
 * which the loader then inserted again. The preloads marked LATER_PRELOAD_ATTRIBUTE are left to
 * the page's code, which puts them in <head> once the page's top has painted, before the import
 * that needs them (src/renderer/shared/preload-later.ts). An external file, as the CSP allows no
 * inline script.
 */
const LOAD_AFTER_PAINT = `(function () {
  var template = document.getElementById('${AFTER_PAINT_TEMPLATE}');
  var preloads = [].slice.call(template.content.querySelectorAll('link[rel=modulepreload]:not([${LATER_PRELOAD_ATTRIBUTE}])'));
  var entry = template.content.querySelector('script[type=module]').getAttribute('src');
  var channel = window.MessageChannel ? new MessageChannel() : null;
  if (channel) channel.port1.onmessage = preloadSome;
  function preloadSome() {
    preloads.splice(0, 2).forEach(function (preload) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = preload.getAttribute('href');
      document.head.appendChild(link);
    });
    if (preloads.length > 0) return channel ? channel.port2.postMessage(0) : setTimeout(preloadSome, 0);
    template.setAttribute('data-inserted', '');
    var script = document.createElement('script');
    script.type = 'module';
    script.src = entry;
    document.head.appendChild(script);
  }
  function start() {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = entry;
    document.head.appendChild(link);
    preloadSome();
  }
  function afterPaint() {
    var started = false;
    function once() {
      if (!started) {
        started = true;
        setTimeout(start, 0);
      }
    }
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf('paint') < 0) return requestAnimationFrame(function () { setTimeout(once, 0); });
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      once();
    }).observe({ type: 'paint', buffered: true });
    setTimeout(once, 3000);
  }
  var loader = document.currentScript;
  if (loader.getAttribute('data-after') !== 'load' || document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
})();
`;

const escapeJsonForHtml = (json: string) => json.replace(/</g, '\\u003c');

function firstFontFile(outDir: string): string | undefined {
  return readdirSync(join(outDir, 'assets')).find((file) => /^inter-fr-wght-.*\.woff2$/.test(file));
}

function pageHtml(
  template: string,
  outDir: string,
  path: string,
  page: PrerenderedPage,
  loaderFile: string,
  chunks: string[],
  later: string[] = [],
): string {
  let html = template;
  // The stylesheet only holds the @font-face: inlined, it no longer blocks the first paint.
  html = html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (_tag, file: string) => {
    const css = readFileSync(join(outDir, file), 'utf8').replace(/\s*\n\s*/g, '');
    return `<style>${css}</style>`;
  });
  const font = firstFontFile(outDir);
  const head = [
    font ? `<link rel="preload" href="/assets/${font}" as="font" type="font/woff2" crossorigin>` : '',
    page.styles,
  ].join('\n    ');
  html = html.replace('</head>', `    ${head}\n  </head>`);
  html = html.replace(
    '<div id="root"></div>',
    `<div id="root" data-prerendered="${path}">${page.html}</div>` +
      (page.state === undefined
        ? ''
        : `\n    <script type="application/json" id="parc-prerender-state">${escapeJsonForHtml(page.state)}</script>`),
  );
  const named = new Set(
    [
      ...html.matchAll(
        /<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="([^"]+)"/g,
      ),
    ].map((match) => match[1]),
  );
  const routePreloads = chunks
    .filter((file) => !named.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
    .join('\n    ');
  if (routePreloads) html = html.replace('</head>', `  ${routePreloads}\n  </head>`);
  {
    // The entry and every module preload move into the inert template that the loader reads.
    const scripts: string[] = [];
    html = html.replace(/\s*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)/g, (tag) => {
      scripts.push(tag.trim());
      return '';
    });
    if (!scripts.some((tag) => tag.startsWith('<script')))
      throw new Error('Script d’entrée introuvable dans index.html');
    const inTemplate = new Set([...named, ...chunks]);
    for (const file of later.filter((file) => !inTemplate.has(file)))
      scripts.push(`<link rel="modulepreload" crossorigin href="${file}" ${LATER_PRELOAD_ATTRIBUTE}>`);
    html = html.replace(
      '</body>',
      `  <template id="${AFTER_PAINT_TEMPLATE}">\n      ${scripts.join('\n      ')}\n    </template>\n` +
        `    <script src="/assets/${loaderFile}"${path === '/' ? ' data-after="load"' : ''} defer></script>\n  </body>`,
    );
  }
  return html;
}

/**
 * Writes the public pages as HTML at build time (docs/decisions.md, performance rule 6; STACK.md recipe step 3): each page's
 * markup with the emotion styles it uses and the seeded data it shows; the client hydrates it.
 * The SSR entry is built by a nested Vite build into a temporary folder and run here.
 */
export function prerender(options: { root: string; entry: string; alias: Record<string, string> }): Plugin {
  let config: ResolvedConfig;
  let written = false;
  return {
    name: 'parc:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle() {
      written = true;
    },
    closeBundle: {
      sequential: true,
      async handler() {
        // The nested SSR build carries this plugin too (same config file): nothing to do there. A
        // build that failed wrote nothing (closeBundle runs all the same): its error is the one to
        // show, a guard's among them (chunk-cycles.ts, module-paths.ts).
        if (config.build.ssr || !written) return;
        const outDir = config.build.outDir;
        // Inside the project, so that the built module resolves its packages from node_modules.
        const ssrDir = join(config.root, '../../node_modules/.cache/parc-prerender', String(process.pid));
        try {
          await build({
            configFile: false,
            root: options.root,
            logLevel: 'warn',
            plugins: [react()],
            resolve: { alias: options.alias },
            build: { ssr: options.entry, outDir: ssrDir, emptyOutDir: true, target: 'node20', minify: false },
          });
          const entryFile = readdirSync(ssrDir).find((file) => file.startsWith('prerender') && file.endsWith('.js'));
          if (!entryFile) throw new Error('Pré-rendu : module introuvable après la construction');
          const entry = (await import(pathToFileURL(join(ssrDir, entryFile)).href)) as PrerenderEntry;
          const template = readFileSync(join(outDir, 'index.html'), 'utf8');
          writeFileSync(join(outDir, APP_SHELL), template);
          const hash = createHash('sha256').update(LOAD_AFTER_PAINT).digest('base64url').slice(0, 8);
          const loaderFile = `load-after-paint-${hash}.js`;
          writeFileSync(join(outDir, 'assets', loaderFile), LOAD_AFTER_PAINT);
          const manifest = JSON.parse(readFileSync(join(outDir, MANIFEST), 'utf8')) as Manifest;
          rmSync(join(outDir, dirname(MANIFEST)), { recursive: true, force: true });
          const data = prerenderDataFromSeed();
          for (const { path } of entry.PRERENDERED_PAGES) {
            const page = await entry.prerenderPage(path, data);
            const chunks = routeChunks(manifest, entry.routePageExports(path));
            const file = path === '/' ? join(outDir, 'index.html') : join(outDir, path.slice(1), 'index.html');
            mkdirSync(dirname(file), { recursive: true });
            writeFileSync(file, pageHtml(template, outDir, path, page, loaderFile, chunks));
          }
          mkdirSync(join(outDir, SHELLS_DIR), { recursive: true });
          for (const { name, path, later = [] } of entry.PRERENDERED_SHELLS) {
            const shell = await entry.prerenderShell(path, data);
            const chunks = routeChunks(manifest, entry.routePageExports(path));
            writeFileSync(
              join(outDir, SHELLS_DIR, `${name}.html`),
              pageHtml(template, outDir, path, shell, loaderFile, chunks, laterChunks(manifest, later)),
            );
          }
        } finally {
          rmSync(ssrDir, { recursive: true, force: true });
        }
      },
    },
  };
}
