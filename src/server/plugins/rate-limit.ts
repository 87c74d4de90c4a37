import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_MESSAGES } from '../../shared/errors';
import { AppError } from '../app-error';
import { databaseRateLimitStore } from './rate-limit-store';

/**
 * Per-route limits (login, register, forgot-password, join, messages) declared with
 * `config: { rateLimit: { max, timeWindow } }`; counters live in the database.
 */
async function rateLimitPlugin(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(app.db) as never,
    errorResponseBuilder: () => AppError.of('RATE_LIMITED', ERROR_MESSAGES.rateLimited),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
