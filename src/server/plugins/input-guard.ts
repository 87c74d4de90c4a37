import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from '../../shared/validation';
import { AppError } from '../app-error';

/** The path of the first string holding a control character, e.g. 'mainContact.firstName'. */
export function controlCharacterPath(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return hasControlCharacter(value) ? path.join('.') || '_' : undefined;
  if (depth > 20 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (hasControlCharacter(key)) return [...path, '_'].join('.');
    const found = controlCharacterPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Every route's schemas refuse control characters through the shared `text()` helper; this
 * hook is the same rule for any input a schema forgot (a new route, a record's keys), so a NUL
 * byte never reaches the database whatever the route.
 */
async function inputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = controlCharacterPath(part);
      if (field) {
        throw AppError.invalid(field, CONTROL_CHARACTER_MESSAGE);
      }
    }
  });
}

export default fp(inputGuard, { name: 'input-guard' });
