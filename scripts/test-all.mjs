// `npm test`: typecheck, lint, vitest (unit + API), then the end-to-end journeys in Chromium.
// Prints one closing line 'Tests: N passed, N failed' summing the vitest and Playwright counts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');
const reports = mkdtempSync(join(tmpdir(), 'parc-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
// The names of the failed tests, repeated after the closing line's context: CI shows only the log's tail.
const failedTests = [];
const flakyTests = [];

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

/** Runs a command like `run`, its output shown as it comes and also kept, with how it ended. */
async function runKeepingOutput(label, command, args) {
  console.log(`\n▶ ${label}`);
  const child = spawn(command, args, { cwd: ROOT, stdio: ['inherit', 'pipe', 'pipe'] });
  const chunks = [];
  child.stdout.on('data', (chunk) => (process.stdout.write(chunk), chunks.push(chunk)));
  child.stderr.on('data', (chunk) => (process.stderr.write(chunk), chunks.push(chunk)));
  const [status, signal] = await new Promise((done) => child.on('close', (...end) => done(end)));
  if (status !== 0) failures.push(label);
  return { output: Buffer.concat(chunks).toString('utf8'), status, signal };
}

/**
 * What vitest printed about errors outside any test (unhandled errors, a worker that would not stop),
 * without colours, and how it ended: such errors fail the run without failing a test, so its JSON
 * report does not name them.
 */
function errorsOutsideTests({ output, status, signal }) {
  if (status === 0) return [];
  const lines = stripVTControlCharacters(output).split('\n');
  const start = lines.findIndex((line) => /Unhandled (Errors|Rejection|Error)/.test(line));
  const found = start === -1 ? [] : lines.slice(start, start + 30);
  for (const line of lines) if (/\[vitest-pool\]|close timed out/.test(line)) found.push(line);
  found.push(`vitest s'est arrêté avec le code ${status}${signal ? ` (signal ${signal})` : ''}`);
  return found.filter((line) => line.trim() !== '');
}

function addVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const suite of report.testResults ?? []) {
    const file = suite.name ? suite.name.replace(`${ROOT}/`, '') : '?';
    // On CI a failed test runs once more (vitest.config.ts): a pass after a failure is named as flaky.
    for (const test of suite.assertionResults ?? []) {
      if (test.status === 'passed' && test.failureMessages?.length > 0) flakyTests.push(`${file} › ${test.fullName}`);
    }
    const failed = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      const reason = (test.failureMessages?.[0] ?? '').split('\n')[0];
      failedTests.push(`${file} › ${test.fullName}\n      ${reason}`);
    }
    // A file that failed before running its tests (an import, a hook) has no failed assertion.
    if (failed.length === 0 && suite.status === 'failed') {
      failedTests.push(`${file}\n      ${(suite.message ?? '').split('\n')[0]}`);
    }
  }
}

function addPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  totals.failed += stats?.unexpected ?? 0;
  totals.skipped += stats?.skipped ?? 0;
}

run('typecheck', 'npm', ['run', '-s', 'typecheck']);
run('lint', 'npm', ['run', '-s', 'lint']);
// The desktop app must keep building even though its Electron binary cannot be downloaded here.
run('desktop build (electron-vite)', 'npm', ['run', '-s', 'build:desktop']);
const vitestReport = join(reports, 'vitest.json');
const vitestRun = await runKeepingOutput('vitest (unit + API)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
addVitest(vitestReport);
const vitestErrors = errorsOutsideTests(vitestRun);
const playwrightReport = join(reports, 'playwright.json');
run('end-to-end (Chromium)', 'node', ['scripts/e2e.mjs'], { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport });
addPlaywright(playwrightReport);
rmSync(reports, { recursive: true, force: true });

if (flakyTests.length > 0)
  console.log(`\n⚠ Tests passés au second essai :\n${flakyTests.map((t) => `  - ${t}`).join('\n')}`);
if (failures.length > 0) {
  if (failedTests.length > 0) console.log(`\n✗ Tests en échec :\n${failedTests.map((t) => `  - ${t}`).join('\n')}`);
  if (vitestErrors.length > 0) console.log(`\n✗ Erreurs hors des tests (vitest) :\n${vitestErrors.join('\n')}`);
  console.log(`\n✗ Échecs : ${failures.join(', ')}`);
  totals.failed = Math.max(totals.failed, 1);
}
console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 ? 1 : 0);
