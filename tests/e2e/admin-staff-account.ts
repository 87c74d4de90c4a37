// Creates the first admin directly in a fresh embedded database before its server starts (the
// e2e's stand-in for `npm run staff:create`): PGlite allows one process per folder, so this runs
// and closes first. Usage: PGLITE_DIR=… E2E_ADMIN_EMAIL=… E2E_ADMIN_PASSWORD=… node --import tsx <this file>
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { openDatabase } from '../../src/server/db/client';
import { seedDatabase } from '../../src/server/db/seed';
import { createStaffAccount } from '../../src/server/modules/staff/staff-auth.service';

const dir = process.env.PGLITE_DIR;
const email = process.env.E2E_ADMIN_EMAIL;
const password = process.env.E2E_ADMIN_PASSWORD;
if (!dir || !email || !password) throw new Error('PGLITE_DIR, E2E_ADMIN_EMAIL et E2E_ADMIN_PASSWORD sont requis');

mkdirSync(dirname(dir), { recursive: true });
const database = await openDatabase({ kind: 'pglite', dir });
try {
  await seedDatabase(database.db);
  await createStaffAccount(database.db, { email, password, firstName: 'Alice', lastName: 'Bernard', role: 'admin' });
} finally {
  await database.close();
}
