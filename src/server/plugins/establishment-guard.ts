import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ESTABLISHMENT_ID, PARC_ID_HEADER } from '../../shared/constants';
import { AppError } from '../app-error';

export const UNKNOWN_ESTABLISHMENT_MESSAGE =
  'Établissement inconnu : ce service gère uniquement le Parc Aventure des Landes';

function namedEstablishments(request: FastifyRequest): unknown[] {
  const named: unknown[] = [request.headers[PARC_ID_HEADER.toLowerCase()]];
  const query = request.query as Record<string, unknown> | undefined;
  if (query && typeof query === 'object') named.push(query.establishment_id);
  const body = request.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object' && !Array.isArray(body)) named.push(body.establishment_id);
  return named.filter((value) => value !== undefined && value !== '');
}

/**
 * The product serves one park (SPEC.md §1): a call that names another one, through the
 * X-Parc-ID header, the establishment_id parameter or body field, is refused.
 */
async function establishmentGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    for (const value of namedEstablishments(request)) {
      if (value !== ESTABLISHMENT_ID) {
        throw AppError.of('UNKNOWN_ESTABLISHMENT', UNKNOWN_ESTABLISHMENT_MESSAGE);
      }
    }
  });
}

export default fp(establishmentGuard, { name: 'establishment-guard' });
