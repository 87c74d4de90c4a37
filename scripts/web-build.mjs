import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const OUTPUT = join(ROOT, 'dist-web', 'index.html');
const INPUTS = ['src/renderer', 'src/shared', 'vite.web.config.ts', 'package-lock.json'];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when dist-web is missing or older than any renderer source. */
export function webBundleIsStale() {
  if (!existsSync(OUTPUT)) return true;
  const built = statSync(OUTPUT).mtimeMs;
  return INPUTS.some((input) => existsSync(join(ROOT, input)) && newestMtime(join(ROOT, input)) > built);
}

export function buildWeb() {
  const result = spawnSync('npx', ['vite', 'build', '--config', 'vite.web.config.ts', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('La construction du site web a échoué.');
}

export function ensureWebBuild() {
  if (webBundleIsStale()) {
    console.log('Construction du site web (dist-web)…');
    buildWeb();
  }
}
