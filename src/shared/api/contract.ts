import type { z } from 'zod';
import type { ErrorCode } from '../errors';

/**
 * One definition per call (docs/decisions.md, "One definition per call"): the server registers its
 * route from it (`src/server/register-call.ts`), the renderer calls through it
 * (`src/renderer/shared/api/call-api.ts`), main builds its URLs from it, and the OpenAPI document
 * and the route-table probe read what the server registered. Definitions live in
 * `src/shared/api/<area>.contract.ts`, next to the zod schemas they use.
 */

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: anyone ('public'), a customer's session ('customer'), a staff member's session
 * ('staff'). Drives the default guard, `x-access` in the OpenAPI document and the probe.
 */
export type CallAccess = 'public' | 'customer' | 'staff';

/** Success statuses a call can declare (errors always use the shared error envelope). */
export type CallStatus = 200 | 201 | 202 | 204;

export interface CallDefinition {
  method: CallMethod;
  /** Fastify's form, from the host: '/api/v1/customer-booking-requests/:id'. */
  path: `/api/${string}` | `/uploads/${string}`;
  access: CallAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON answer; absent for binary answers (a PDF, a picture) and redirects. */
  response?: z.ZodType;
  /** The success status, 200 unless said otherwise. */
  status?: CallStatus;
  /**
   * Whether a 401 means "your session is over" (the renderer clears the token and goes to the
   * login page). Default: true for customer and staff calls, false for public ones, where a 401
   * means wrong credentials.
   */
  redirectOn401?: boolean;
  /** One line for the OpenAPI document (its summary, and its description unless `description` says more). */
  summary: string;
  /** More than the summary, for the OpenAPI document's description. */
  description?: string;
  /**
   * Request headers the handler reads and checks itself with its own refusal (e.g. Stripe's
   * `stripe-signature`): header parameters of the OpenAPI document only, not validated by the route.
   */
  headers?: z.ZodType;
  /**
   * A body the handler reads itself, without a `body` schema (multipart uploads, a raw signed
   * body): its schema by content type, for the OpenAPI document only.
   */
  requestContent?: Readonly<Partial<Record<CallContentType, z.ZodType>>>;
  /** The content types of a binary answer (a PDF, a picture), for the OpenAPI document. */
  binaryResponse?: readonly string[];
  /**
   * Failures this call answers beyond those its access, method and parameters imply (the OpenAPI
   * document derives 400, 401, 403, 404, 409 and 429 from those; docs/decisions.md, "The API document").
   */
  errors?: readonly ErrorCode[];
}

/** The content types a call's `requestContent` may describe. */
export type CallContentType = 'application/json' | 'multipart/form-data';

/** Identity at run time; keeps the literal types of the definition for its users. */
export function defineCall<const C extends CallDefinition>(call: C): C {
  return call;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : never;

/** What a caller passes: params, query and body, each only when the call has it. */
export type CallInput<C extends CallDefinition> = (C['params'] extends z.ZodType
  ? { params: InputOf<C['params']> }
  : { params?: undefined }) &
  (C['query'] extends z.ZodType ? { query?: InputOf<C['query']> } : { query?: undefined }) &
  (C['body'] extends z.ZodType ? { body: InputOf<C['body']> } : { body?: undefined });

/** The answer as the caller sees it (the response schema's output). */
export type CallResponse<C extends CallDefinition> = C['response'] extends z.ZodType
  ? OutputOf<C['response']>
  : unknown;

/** What a server handler returns (the response schema's input: dates may still be Date objects). */
export type CallReply<C extends CallDefinition> = C['response'] extends z.ZodType ? InputOf<C['response']> : unknown;

export type CallParams<C extends CallDefinition> = C['params'] extends z.ZodType ? OutputOf<C['params']> : unknown;
export type CallQuery<C extends CallDefinition> = C['query'] extends z.ZodType ? OutputOf<C['query']> : unknown;
export type CallBody<C extends CallDefinition> = C['body'] extends z.ZodType ? OutputOf<C['body']> : unknown;

/** Whether a 401 answer to this call means the session is over. */
export function redirectsOn401(call: CallDefinition): boolean {
  return call.redirectOn401 ?? call.access !== 'public';
}

/**
 * The path with its parameters filled in and encoded: ('/api/v1/x/:id', { id: 'a b' }) →
 * '/api/v1/x/a%20b'. A missing parameter is a programming error, thrown at once.
 */
export function callPath(call: Pick<CallDefinition, 'path'>, params?: Record<string, unknown>): string {
  return call.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Paramètre manquant « ${name} » pour ${call.path}`);
    }
    return encodeURIComponent(String(value));
  });
}
