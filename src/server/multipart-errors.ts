import { ERROR_MESSAGES } from '../shared/errors';
import { AppError } from './app-error';

/**
 * A multipart body the parser cannot read (no boundary, a boundary the body does not use, a body
 * cut short) is the caller's mistake: 400 'Données invalides', never a 500. Our own refusals
 * (AppError) and the limits @fastify/multipart names with an `FST_` code are left to the caller.
 */
export function unreadableMultipart(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('FST_')) return error;
  return AppError.of('VALIDATION_ERROR', ERROR_MESSAGES.invalidData);
}
