// The desktop app as the installer carries it (docs/decisions.md, "Desktop packaging"): the built
// main, preload and renderer (out/) and a package.json of its own without any dependency, in
// desktop-app/, which electron-builder.yml packs (`directories.app`). The server's production
// dependencies (Fastify, PGlite, pg-boss, sharp…) stay out: the app talks to the park's server.
// Prints what would ship, file count and unpacked size, and refuses a main or preload that still
// imports a package (it would fail at start with no node_modules beside it).
// Usage: node scripts/desktop-app.mjs (after `electron-vite build`).
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'out');
const APP = join(ROOT, 'desktop-app');

if (!existsSync(join(OUT, 'main', 'index.js'))) {
  console.error('out/main/index.js introuvable : lancez d’abord « npx electron-vite build ».');
  process.exit(1);
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

// What main and preload may still import at run time: electron and Node's own modules.
const allowed = new Set(['electron', ...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["'](@?[A-Za-z0-9][\w.@/-]*)["']/g;
const strays = [];
for (const file of [...filesUnder(join(OUT, 'main')), ...filesUnder(join(OUT, 'preload'))]) {
  if (!/\.(c|m)?js$/.test(file)) continue;
  for (const [, name] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    if (!allowed.has(name) && !name.startsWith('electron/')) strays.push(`${relative(ROOT, file)} → ${name}`);
  }
}
if (strays.length > 0) {
  console.error(`Ces modules ne seraient pas dans l’installeur :\n${[...new Set(strays)].join('\n')}`);
  process.exit(1);
}

const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
rmSync(APP, { recursive: true, force: true });
mkdirSync(APP, { recursive: true });
cpSync(OUT, join(APP, 'out'), { recursive: true });
writeFileSync(
  join(APP, 'package.json'),
  `${JSON.stringify(
    {
      name: root.name,
      productName: 'Parc Aventure',
      version: root.version,
      description: root.description ?? 'Réservation de groupes du parc',
      author: root.author ?? 'Parc Aventure des Landes',
      type: root.type,
      main: root.main,
      dependencies: {},
    },
    null,
    2,
  )}\n`,
);

const shipped = filesUnder(APP);
const bytes = shipped.reduce((sum, file) => sum + statSync(file).size, 0);
const mib = (bytes / 1024 / 1024).toFixed(1).replace('.', ',');
console.log(
  `Application de bureau : ${shipped.length} fichiers, ${mib} Mio non compressés (desktop-app/, sans node_modules).`,
);
