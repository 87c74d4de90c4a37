/**
 * The one vocabulary of failures: every `code` an error answer may carry, with its HTTP status.
 * The server throws `AppError.of(code, message, details?)` (src/server/app-error.ts); the renderer
 * reads `code` when it must tell failures apart (docs/architecture.md, "Errors").
 * Add a code here before using it; the status then never has to be typed again.
 */
export const ERROR_STATUS = {
  /** A body, query or parameter failed its schema; `details` names the fields. */
  VALIDATION_ERROR: 400,
  /** Fastify refused the request before any route (unreadable JSON, bad URL...). */
  BAD_REQUEST: 400,
  UNKNOWN_ESTABLISHMENT: 400,
  COMMON_PASSWORD: 400,
  WRONG_PASSWORD: 400,
  SLOT_UNAVAILABLE: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  /** A temporary-password session may only change its password (SPEC.md §3). */
  TEMPORARY_PASSWORD: 403,
  BOOKING_LOCKED: 403,
  PARTICIPANTS_LOCKED: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  STALE_WRITE: 409,
  SLOT_FULL: 409,
  ALREADY_VALIDATED: 409,
  NOT_DRAFT: 409,
  PARTICIPANT_EXISTS: 409,
  PRICE_CHANGED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_STATUS, code);
}

/** Messages of failures that are not any one feature's (the features keep their own in their schema files). */
export const ERROR_MESSAGES = {
  invalidData: 'Données invalides',
  badRequest: 'Requête invalide',
  notFound: 'Ressource non trouvée',
  tooLarge: 'Requête trop volumineuse',
  unsupportedMediaType: 'Type de contenu non pris en charge',
  rateLimited: 'Trop de requêtes, veuillez patienter',
  serverError: 'Erreur serveur, veuillez réessayer plus tard',
  adminOnly: 'Action réservée aux administrateurs',
} as const;
