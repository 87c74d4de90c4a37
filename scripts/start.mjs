// `npm start`: builds the web bundle when missing or stale, then serves the site and the API
// with the embedded database (./data/pglite) unless DATABASE_URL is set.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { ensureWebBuild } from './web-build.mjs';

const ROOT = resolve(import.meta.dirname, '..');
ensureWebBuild();

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
