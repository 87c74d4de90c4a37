import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockPgliteFolder } from '../../../src/server/db/pglite-lock';

let root: string;
let dir: string;
const busy = (folder: string) =>
  `La base embarquée ${folder} est déjà ouverte par un autre processus (serveur, npm run sweep ou staff:create). ` +
  'Arrêtez-le puis relancez, ou donnez DATABASE_URL (PostgreSQL) pour faire tourner plusieurs instances.';

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'parc-lock-'));
  dir = join(root, 'pglite');
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the embedded database folder lock', () => {
  it('writes the owner next to the folder and removes it on release', () => {
    const release = lockPgliteFolder(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('refuses a folder already open, in this process or by a live one', () => {
    const release = lockPgliteFolder(dir);
    try {
      expect(() => lockPgliteFolder(dir)).toThrow(busy(dir));
    } finally {
      release();
    }
    // The parent of this test process is alive.
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: process.ppid, host: hostname() }));
    expect(() => lockPgliteFolder(dir)).toThrow(busy(dir));
  });

  it('refuses a folder held from another machine, which it cannot check', () => {
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: deadPid(), host: 'autre-machine' }));
    expect(() => lockPgliteFolder(dir)).toThrow(busy(dir));
  });

  it('takes over the lock of a process that died without releasing it (kill -9)', () => {
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: deadPid(), host: hostname() }));
    const release = lockPgliteFolder(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    release();
  });

  it('takes over an unreadable lock file', () => {
    writeFileSync(`${dir}.lock`, 'pas du JSON');
    const release = lockPgliteFolder(dir);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});
