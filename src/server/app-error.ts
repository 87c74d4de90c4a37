import { ERROR_MESSAGES, ERROR_STATUS, type ErrorCode } from '../shared/errors';

/**
 * The one way a service reports a failure the caller should see (docs/architecture.md, "Where each rule lives"). Prefer
 * `AppError.of(code, message, details?)`: the status comes from the list in src/shared/errors.ts.
 * The four-argument constructor stays for code written before that list.
 */
export class AppError extends Error {
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
}

export const notFound = (message: string = ERROR_MESSAGES.notFound) => AppError.of('NOT_FOUND', message);
