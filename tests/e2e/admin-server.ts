// A server of its own for the back-office journeys, on a fresh embedded database whose first
// admin is created before it starts (tests/e2e/admin-staff-account.ts). The shared e2e server
// cannot serve that: its database is open in its process, and PGlite allows one per folder.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

export interface AdminServer {
  origin: string;
  stop(): Promise<void>;
}

export async function startAdminServer(
  port: number,
  admin: { email: string; password: string },
  timeoutMs = 120_000,
): Promise<AdminServer> {
  const dir = mkdtempSync(join(tmpdir(), 'parc-e2e-admin-'));
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PGLITE_DIR: join(dir, 'pglite'),
    DATABASE_URL: '',
    // No SMTP: the e-mails land in the outbox table, which the back-office shows.
    SMTP_URL: '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    PUBLIC_URL: origin,
  };
  execFileSync(process.execPath, ['--import', 'tsx', 'tests/e2e/admin-staff-account.ts'], {
    cwd: ROOT,
    env: { ...env, E2E_ADMIN_EMAIL: admin.email, E2E_ADMIN_PASSWORD: admin.password },
    stdio: 'inherit',
  });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const response = await fetch(`${origin}/api/v1/establishment/info`);
      if (response.ok) return { origin, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  await stop();
  throw new Error(`Le serveur de test du back-office n’a pas démarré :\n${output.slice(-2000)}`);
}
