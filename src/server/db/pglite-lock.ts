import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it
 * (docs/decisions.md, "Data"). While a process has the folder open, `<dir>.lock` holds its pid
 * and host, like PostgreSQL's own postmaster.pid. Another process is refused with a French
 * message, unless the owner is gone (killed, kill -9 included): then the lock is taken over.
 * A pid file, not a refreshed lock: PGlite's start-up blocks the event loop for seconds, so a lock
 * that must be refreshed on a timer would look abandoned while its owner is busy.
 */

export class DatabaseBusyError extends Error {
  constructor(dir: string) {
    super(
      `La base embarquée ${dir} est déjà ouverte par un autre processus (serveur, npm run sweep ou staff:create). ` +
        'Arrêtez-le puis relancez, ou donnez DATABASE_URL (PostgreSQL) pour faire tourner plusieurs instances.',
    );
    this.name = 'DatabaseBusyError';
  }
}

interface LockOwner {
  pid: number;
  host: string;
}

function readOwner(path: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string'
      ? { pid: owner.pid, host: owner.host }
      : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tryCreate(path: string, me: LockOwner): boolean {
  try {
    writeFileSync(path, JSON.stringify({ ...me, since: new Date().toISOString() }), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Takes the folder's lock or throws DatabaseBusyError. Returns the release function. */
export function lockPgliteFolder(dir: string): () => void {
  const path = `${dir}.lock`;
  const me: LockOwner = { pid: process.pid, host: hostname() };
  if (!tryCreate(path, me)) {
    const owner = readOwner(path);
    // Another machine (a shared disk) cannot be checked: it counts as alive.
    const held = owner !== null && (owner.host !== me.host || owner.pid === me.pid || isAlive(owner.pid));
    if (held) throw new DatabaseBusyError(dir);
    unlinkSync(path);
    if (!tryCreate(path, me)) throw new DatabaseBusyError(dir);
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    const owner = readOwner(path);
    if (owner?.pid === me.pid && owner.host === me.host) unlinkSync(path);
  };
  process.on('exit', release);
  return release;
}
