import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '../../shared/api/common.schema';
import { AppError } from '../app-error';

function body(code: string, message: string, details?: Record<string, string>): ErrorResponse {
  return { success: false, error: message, message, code, ...(details ? { details } : {}) };
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
        details[field || '_'] ??= issue.message ?? 'Données invalides';
      }
      const first = Object.values(details)[0];
      return reply.status(400).send(body('VALIDATION_ERROR', first ?? 'Données invalides', details));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) {
      return reply.status(429).send(body('RATE_LIMITED', 'Trop de requêtes, veuillez patienter'));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type).
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Données invalides'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Requête trop volumineuse'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Type de contenu non pris en charge'
              : 'Requête invalide';
      return reply.status(status).send(body(error.code ?? 'BAD_REQUEST', message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL_ERROR', 'Erreur serveur, veuillez réessayer plus tard'));
  });
}

export default fp(errorsPlugin, { name: 'errors' });
