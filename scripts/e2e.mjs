// End-to-end tests: Playwright in Chromium over the built web bundle served by the real
// server on a temporary embedded database (DESIGN.md §7).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildWeb } from './web-build.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

async function playwrightChromium() {
  try {
    const { chromium } = await import('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

function canApt() {
  return (
    process.platform === 'linux' &&
    typeof process.getuid === 'function' &&
    process.getuid() === 0 &&
    existsSync('/usr/bin/apt-get')
  );
}

async function findChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  const system = SYSTEM_CHROMIUM.find((path) => existsSync(path));
  if (system) return system;
  const bundled = await playwrightChromium();
  if (bundled) return bundled;
  if (canApt()) {
    console.log('Chromium introuvable : installation du paquet Debian « chromium »…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return SYSTEM_CHROMIUM.find((path) => existsSync(path));
  }
  const result = spawnSync('npx', ['playwright', 'install', 'chromium'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status === 0) return playwrightChromium();
  return undefined;
}

const chromium = await findChromium();
if (!chromium) {
  console.error(
    'Aucun Chromium disponible pour les tests de bout en bout.\n' +
      'Installez-en un, puis relancez : sudo apt-get install -y chromium   (ou : npx playwright install chromium)',
  );
  process.exit(1);
}

buildWeb();
const dataDir = mkdtempSync(join(tmpdir(), 'parc-e2e-'));
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium, E2E_PGLITE_DIR: join(dataDir, 'pglite') },
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
