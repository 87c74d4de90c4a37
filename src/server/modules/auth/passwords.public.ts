import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP-recommended minimum (19 MiB, 2 passes). */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) return false;
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash verifies nothing.
    return false;
  }
}

/** A hash computed for unknown e-mails so that a login takes as long whether the account exists or not. */
let dummyHash: Promise<string> | undefined;
export function burnPasswordCheck(password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash.then((stored) => verifyPassword(stored, password));
}

/** Opaque session token: 32 random bytes, base64url (DESIGN.md §3). Only its SHA-256 is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const WORDS = [
  'sapin',
  'pomme',
  'lac',
  'foret',
  'dune',
  'pinede',
  'canoe',
  'velo',
  'cabane',
  'soleil',
  'vague',
  'plage',
  'tyrolienne',
  'liane',
  'chouette',
  'ecureuil',
  'renard',
  'heron',
  'bruyere',
  'fougere',
  'airial',
  'resine',
  'ocean',
  'sentier',
  'boussole',
  'fleche',
  'radeau',
  'gland',
  'mousse',
  'etoile',
  'lune',
  'brise',
];

/** Readable and random: three words and two digits, e.g. 'sapin-lac-velo-42' (about 22 bits + digits). */
export function newTemporaryPassword(): string {
  const words = Array.from({ length: 3 }, () => WORDS[randomInt(WORDS.length)]);
  return `${words.join('-')}-${String(randomInt(100)).padStart(2, '0')}`;
}
