import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '../../shared/api/common.schema';
import { ERROR_MESSAGES, ERROR_STATUS } from '../../shared/errors';
import { CONTROL_CHARACTER_MESSAGE } from '../../shared/validation';
import { AppError } from '../app-error';

function body(code: string, message: string, details?: Record<string, string>): ErrorResponse {
  return { success: false, error: message, message, code, ...(details ? { details } : {}) };
}

/** French messages for Fastify's own client errors, which keep their FST_ERR_* code. */
function fastifyClientMessage(code: string | undefined): string {
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return ERROR_MESSAGES.invalidData;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return ERROR_MESSAGES.tooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return ERROR_MESSAGES.unsupportedMediaType;
    default:
      return ERROR_MESSAGES.badRequest;
  }
}

/** PostgreSQL refused a character of a text value (NUL, invalid encoding): the input's fault. */
const BAD_CHARACTER_CODES = new Set(['22021', '22P05']);

interface DatabaseErrorFacts {
  code?: string;
  table?: string;
  constraint?: string;
  routine?: string;
}

/** The SQLSTATE and names of a driver error, found on the error or its `cause` (drizzle wraps them). */
function databaseFacts(error: unknown): DatabaseErrorFacts | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    const candidate = current as DatabaseErrorFacts & { cause?: unknown; severity?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code) && 'severity' in candidate) {
      return {
        code: candidate.code,
        table: candidate.table,
        constraint: candidate.constraint,
        routine: candidate.routine,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/**
 * What is logged of an unexpected failure. A database error carries its query parameters (an
 * argon2 hash, names, e-mails) in the driver's message and drizzle's `params`: only the SQLSTATE,
 * the names of the table and constraint and the query text with its placeholders are kept.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const facts = databaseFacts(error);
  if (!facts) return { err: error };
  const query = (error as { query?: unknown }).query;
  return {
    err: {
      type: 'DatabaseError',
      ...facts,
      ...(typeof query === 'string' ? { query } : {}),
      // Only the frames: the first lines of drizzle's stack repeat the message and its params.
      stack:
        error instanceof Error
          ? error.stack
              ?.split('\n')
              .filter((line) => line.trimStart().startsWith('at '))
              .join('\n')
          : undefined,
    },
  };
}

/**
 * Errors the router raises before any route runs (a URL that is not valid percent-encoding, a
 * path parameter longer than the router allows): the same JSON shape, in French.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send(body('URI_TOO_LONG', 'Adresse trop longue'));
  }
  return reply.status(400).send(body('BAD_URL', 'Adresse invalide'));
}

/** Requests node's HTTP parser refuses (malformed, headers too large) get the JSON shape too. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return socket.destroy();
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'En-têtes de requête trop volumineux']
      : error.code === 'HPE_URI_TOO_LONG' || error.code === 'ERR_HTTP_REQUEST_URI_TOO_LONG'
        ? [414, 'URI Too Long', 'Adresse trop longue']
        : [400, 'Bad Request', 'Requête invalide'];
  const payload = JSON.stringify(
    body(status === 400 ? 'BAD_REQUEST' : status === 414 ? 'URI_TOO_LONG' : 'HEADERS_TOO_LARGE', message),
  );
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
  );
}

/**
 * Turns every failure into `{ success: false, error, message, code }`. 5xx details (stack,
 * SQL) are logged, never sent.
 */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: Record<string, string> = {};
      for (const issue of error.validation) {
        const zodIssue = issue.params.issue as { path?: PropertyKey[] } | undefined;
        const field =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (zodIssue?.path ?? []).map(String).join('.');
        details[field || '_'] ??= issue.message ?? ERROR_MESSAGES.invalidData;
      }
      const first = Object.values(details)[0];
      return reply
        .status(ERROR_STATUS.VALIDATION_ERROR)
        .send(body('VALIDATION_ERROR', first ?? ERROR_MESSAGES.invalidData, details));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === ERROR_STATUS.RATE_LIMITED) {
      return reply.status(status).send(body('RATE_LIMITED', ERROR_MESSAGES.rateLimited));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(error.code ?? 'BAD_REQUEST', fastifyClientMessage(error.code)));
    }
    const facts = databaseFacts(error);
    if (facts?.code && BAD_CHARACTER_CODES.has(facts.code)) {
      return reply.status(400).send(body('VALIDATION_ERROR', CONTROL_CHARACTER_MESSAGE));
    }
    request.log.error(loggableError(error), 'unhandled error');
    return reply.status(500).send(body('INTERNAL_ERROR', 'Erreur serveur, veuillez réessayer plus tard'));
  });
}

export default fp(errorsPlugin, { name: 'errors' });
