/**
 * The one vocabulary of failures: every `code` an error answer may carry, with its HTTP status.
 * The server throws `AppError.of(code, message, details?)` (src/server/app-error.ts); the renderer
 * reads `code` when it must tell failures apart (docs/architecture.md, "Errors").
 * Add a code here before using it; the status then never has to be typed again.
 */
export const ERROR_STATUS = {
  // 400: the request itself is wrong.
  /** A body, query or parameter failed its schema or a rule; `details` names the fields. */
  VALIDATION_ERROR: 400,
  /** Fastify refused the request before any route (unreadable JSON, bad URL...). */
  BAD_REQUEST: 400,
  UNKNOWN_ESTABLISHMENT: 400,
  COMMON_PASSWORD: 400,
  WEAK_PASSWORD: 400,
  WRONG_PASSWORD: 400,
  SLOT_UNAVAILABLE: 400,
  INVALID_PICTURE: 400,
  SETUP_INVALID: 400,
  TOKEN_MISSING: 400,
  TOKEN_INVALID: 400,
  INVALID_SIGNATURE: 400,

  // 401: who is calling is unknown.
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,

  // 402: the card provider refused the card.
  CARD_ERROR: 402,

  // 403: known caller, refused action.
  FORBIDDEN: 403,
  /** A temporary-password session may only change its password (SPEC.md §3). */
  TEMPORARY_PASSWORD: 403,
  BOOKING_LOCKED: 403,
  PARTICIPANTS_LOCKED: 403,
  LINKS_LOCKED: 403,
  LINK_REVOKED: 403,
  LINK_EXPIRED: 403,
  LINK_EXHAUSTED: 403,
  BOOKING_CLOSED: 403,

  // 404: nothing there (or not the caller's: a stranger's object is a 404 too).
  NOT_FOUND: 404,
  /** A pass code that is not one of ours (unknown, altered or forged). */
  PASS_UNKNOWN: 404,
  TEST_MODE_ONLY: 404,
  DEPOSIT_NOT_CONFIGURED: 404,
  NO_AUTHORIZATION: 404,
  /** The card provider knows no such payment intent. */
  INTENT_NOT_FOUND: 404,

  // 409: the object's state refuses the action.
  EMAIL_TAKEN: 409,
  ACCOUNT_EXISTS: 409,
  STALE_WRITE: 409,
  SLOT_FULL: 409,
  ALREADY_VALIDATED: 409,
  NOT_DRAFT: 409,
  CLIENT_NOT_VALIDATED: 409,
  INVALID_TRANSITION: 409,
  ALREADY_CANCELED: 409,
  TOO_EARLY: 409,
  SCHEDULE_CLOSED: 409,
  PAYMENT_CONFIG_CLOSED: 409,
  NOT_DEPOSIT_CHECK: 409,
  PARTICIPANT_EXISTS: 409,
  PARTICIPANTS_FULL: 409,
  ALREADY_CONNECTED: 409,
  NOT_JOINED: 409,
  TOO_MANY_LINKS: 409,
  LINK_NOT_ACTIVE: 409,
  PRICE_CHANGED: 409,
  ALREADY_DELETED: 409,
  SELF_DISABLE: 409,
  LAST_ADMIN: 409,
  SETUP_CLOSED: 409,
  PAYMENT_NOT_ALLOWED: 409,
  DUE_CHOICE_MADE: 409,
  PAYMENT_EXPIRED: 409,
  MAIL_NOT_FAILED: 409,
  PAYMENT_ATTEMPTS: 409,
  ALREADY_PAID: 409,
  ALREADY_AUTHORIZED: 409,
  ALREADY_REFUNDED: 409,
  /** The saved-card hold is Stripe's only (docs/decisions.md, "Card holds"). */
  DEPOSIT_CARD_UNAVAILABLE: 409,
  CARD_NOT_CONFIRMED: 409,
  REFUND_NOT_FAILED: 409,
  NOTHING_TO_REFUND: 409,
  NO_HOLD: 409,
  GUESTS_CLOSED: 409,
  SURPRISE_CLOSED: 409,
  /** Optional activities (docs/decisions.md, "Group shares"): the booking no longer changes, or the line or person cannot. */
  OPT_OUTS_CLOSED: 409,
  LEAVE_CLOSED: 409,
  EVENT_STARTED: 409,
  OPT_OUT_REFUSED: 409,
  REMINDER_TOO_SOON: 429,
  DEPOSIT_TOO_EARLY: 409,
  UNEXPECTED_INTENT_STATUS: 409,
  /** The card provider refused the operation in the intent's state (e.g. capture after release). */
  INTENT_INVALID: 409,
  /** Check-in (docs/decisions.md, "On site"): why a pass is refused at the gate. */
  WAIVER_MISSING: 409,
  ALREADY_CHECKED_IN: 409,
  WRONG_DAY: 409,
  NOT_CONFIRMED: 409,
  ALREADY_CHECKED_OUT: 409,

  // Transport and server.
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  /** The card provider failed (unreachable, unexpected answer). */
  PROVIDER_ERROR: 502,
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
