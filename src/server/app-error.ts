import type { ZodError } from 'zod';
import { ERROR_MESSAGES, ERROR_STATUS, type ErrorCode } from '../shared/errors';

/**
 * The one way a service reports a failure the caller should see (docs/architecture.md, "Where each
 * rule lives"): `AppError.of(code, message, details?)`, the status coming from the list in
 * src/shared/errors.ts. `plugins/errors.ts` turns it into the error envelope.
 */
export class AppError extends Error {
  /** Used by `AppError.of` only: lint (`no-restricted-syntax` in eslint.config.js) refuses `new AppError` elsewhere. */
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static of(code: ErrorCode, message: string, details?: Record<string, string>): AppError {
    return new AppError(code, ERROR_STATUS[code], message, details);
  }

  /** A 400 on one field: the message is both the answer's and the field's. */
  static invalid(field: string, message: string): AppError {
    return AppError.of('VALIDATION_ERROR', message, { [field]: message });
  }

  /** A 400 naming several fields: the answer's message is the first field's. */
  static invalidFields(details: Record<string, string>): AppError {
    return AppError.of('VALIDATION_ERROR', Object.values(details)[0] ?? ERROR_MESSAGES.invalidData, details);
  }

  /** A zod failure parsed by hand, in the same shape as a schema failure: the first message per field. */
  static fromZod(error: ZodError): AppError {
    const details: Record<string, string> = {};
    for (const issue of error.issues) details[issue.path.map(String).join('.') || '_'] ??= issue.message;
    return AppError.invalidFields(details);
  }
}

export const notFound = (message: string = ERROR_MESSAGES.notFound) => AppError.of('NOT_FOUND', message);
