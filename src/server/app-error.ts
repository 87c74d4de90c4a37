/** The one way a service reports a failure the caller should see (CONVENTIONS.md 6). */
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
}

export const notFound = (message = 'Ressource non trouvée') => new AppError('NOT_FOUND', 404, message);
