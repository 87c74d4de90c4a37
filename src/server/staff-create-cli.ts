import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { PASSWORD_MIN_LENGTH } from '../shared/constants';
import { EMAIL_PATTERN } from '../shared/validation';
import { STAFF_ROLES, type StaffRole } from '../shared/api/staff.schema';
import { AppError } from './app-error';
import { loadConfigOrExit } from './service-deps-from-config';
import { openDatabaseFromConfig } from './db/database-from-config';
import { seedDatabase } from './db/seed';
import { createStaffAccount } from './modules/staff/staff-auth.service';
import { FIELD_MESSAGES } from '../shared/field-messages';

/**
 * npm run staff:create -- --email E --role admin|staff [--first-name F --last-name L] [--password-stdin]
 * The password is asked on the terminal (not echoed), or read from standard input; never an argument,
 * which would stay in the shell history and the process list.
 */
const USAGE =
  'Usage : npm run staff:create -- --email adresse@exemple.fr --role admin|staff [--first-name Prénom] [--last-name Nom] [--password-stdin]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // One line: the trailing newline of `echo` or a file is not part of the password.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function main() {
  let args;
  try {
    args = parseArgs({
      options: {
        email: { type: 'string' },
        role: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        'password-stdin': { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const email = args.email?.trim() ?? '';
  if (!EMAIL_PATTERN.test(email)) fail(`Adresse email invalide.\n${USAGE}`);
  const role = args.role as StaffRole;
  if (!STAFF_ROLES.includes(role)) fail(`Rôle invalide : admin ou staff.\n${USAGE}`);

  let password: string;
  if (args['password-stdin']) {
    password = await readStdin();
  } else {
    if (!process.stdin.isTTY) fail('Pas de terminal pour saisir le mot de passe : utilisez --password-stdin.');
    password = await askHidden('Mot de passe : ');
    const confirmation = await askHidden('Confirmez le mot de passe : ');
    if (password !== confirmation) fail(FIELD_MESSAGES.passwordsMismatch);
  }
  if (password.length < PASSWORD_MIN_LENGTH) fail(FIELD_MESSAGES.passwordMin);

  const config = loadConfigOrExit();
  const database = await openDatabaseFromConfig(config);
  try {
    // The park itself must exist before an account can belong to it (a fresh database).
    await seedDatabase(database.db);
    const staff = await createStaffAccount(database.db, {
      email,
      role,
      firstName: args['first-name']?.trim() || (role === 'admin' ? 'Administrateur' : 'Équipe'),
      lastName: args['last-name']?.trim() || 'Parc',
      password,
    });
    console.log(`Compte ${role === 'admin' ? 'administrateur' : 'équipe'} créé : ${staff.email}`);
  } catch (error) {
    if (error instanceof AppError) fail(error.message);
    throw error;
  } finally {
    await database.close();
  }
}

await main();
