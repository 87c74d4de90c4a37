import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { authSessionResponse, type AuthSessionResponse } from '../../src/shared/api/auth.schema';
import { errorResponse } from '../../src/shared/api/common.schema';
import type { Db } from '../../src/server/db/client';
import { customers, outbox, sessions } from '../../src/server/db/schema';
import type { TestApp } from './test-app';

/** Helpers of the customer-auth API tests (tests/api/auth*.test.ts). */

export const AUTH = '/api/v1/customer-auth';
export const PASSWORD = 'Pinede-Heron-2026';

let sequence = 0;

/**
 * A fresh client address for each call: the per-address limits (login 20/min, register 10/h,
 * forgot-password 5/15 min) then only bite the tests that aim at them.
 */
export function nextAddress(): string {
  sequence += 1;
  return `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
}

export function uniqueEmail(name = 'client'): string {
  sequence += 1;
  return `${name}.${sequence}@exemple.fr`;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallOptions {
  token?: string;
  payload?: unknown;
  remoteAddress?: string;
}

/** One call to /api/v1/customer-auth/<path>, from a fresh address unless one is given. */
export function call(app: FastifyInstance, method: Method, path: string, options: CallOptions = {}) {
  return app.inject({
    method,
    url: `${AUTH}/${path}`,
    headers: options.token ? bearer(options.token) : {},
    remoteAddress: options.remoteAddress ?? nextAddress(),
    ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
  });
}

export interface RegisteredCustomer {
  email: string;
  password: string;
  token: string;
  id: string;
  session: AuthSessionResponse;
}

/** Registers a customer (201 expected) and returns its session. */
export async function registerCustomer(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<RegisteredCustomer> {
  const body = {
    firstName: 'Camille',
    lastName: 'Durand',
    email: uniqueEmail(),
    password: PASSWORD,
    phone: '06 12 34 56 78',
    ...overrides,
  };
  const res = await call(app, 'POST', 'register', { payload: body });
  expect(res.statusCode, res.body).toBe(201);
  const session = authSessionResponse.parse(res.json());
  return {
    email: String(body.email).trim().toLowerCase(),
    password: String(body.password),
    token: session.token,
    id: session.customer._id,
    session,
  };
}

export function login(app: FastifyInstance, email: string, password: string, remoteAddress?: string) {
  return call(app, 'POST', 'login', { payload: { email, password }, remoteAddress });
}

/** Logs in (200 expected) and returns the session. */
export async function loginOk(app: FastifyInstance, email: string, password: string): Promise<AuthSessionResponse> {
  const res = await login(app, email, password);
  expect(res.statusCode, res.body).toBe(200);
  return authSessionResponse.parse(res.json());
}

/** The one error shape, with the French message in both `error` and `message`. */
export function expectError(res: LightMyRequestResponse, status: number, message: string, code?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = errorResponse.strict().parse(res.json());
  expect(body.success).toBe(false);
  expect(body.error).toBe(message);
  expect(body.message).toBe(message);
  if (code) expect(body.code).toBe(code);
  return body;
}

/** A 400 validation failure whose message is `message`, reported on `field`. */
export function expectValidation(res: LightMyRequestResponse, field: string, message: string) {
  const body = expectError(res, 400, message, 'VALIDATION_ERROR');
  expect(body.details?.[field]).toBe(message);
  return body;
}

export const SESSION_REQUIRED = 'Veuillez vous connecter';

export function expectUnauthenticated(res: LightMyRequestResponse) {
  return expectError(res, 401, SESSION_REQUIRED, 'UNAUTHENTICATED');
}

export async function tableCounts(db: Db) {
  const [[c], [s], [o]] = await Promise.all([
    db.select({ n: count() }).from(customers),
    db.select({ n: count() }).from(sessions),
    db.select({ n: count() }).from(outbox),
  ]);
  return { customers: c!.n, sessions: s!.n, outbox: o!.n };
}

export async function customerRow(db: Db, id: string) {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row!;
}

/** The e-mails of one template sent to an address, newest first. */
export function mailsTo(db: Db, to: string, template: string) {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.template, template)))
    .orderBy(desc(outbox.createdAt));
}

/**
 * The temporary password of the newest 'temporary-password' e-mail to an address, read from the
 * mail as sent (the outbox row, `stored`, has it masked).
 */
export async function temporaryPasswordFor(t: TestApp, to: string) {
  await t.settled();
  // Forgot-password's mail, or the welcome of a person who joined a booking without a password.
  const mail = t.mails
    .filter((sent) => sent.to === to && (sent.template === 'temporary-password' || sent.template === 'invited-welcome'))
    .at(-1);
  expect(mail, `no temporary password e-mailed to ${to}`).toBeDefined();
  const match = /^Voici votre mot de passe temporaire : (\S+)$/m.exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  const [stored] = await mailsTo(t.db, to, mail!.template);
  return { password: match![1]!, mail: mail!, stored: stored! };
}
