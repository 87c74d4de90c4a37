import { z } from 'zod';
import { normaliseOptionalPhone } from '../phone';
import '../zod-config';
import {
  CONTROL_CHARACTER_MESSAGE,
  EMAIL_PATTERN,
  hasControlCharacter,
  PHONE_PATTERN,
  trimInvisible,
} from '../validation';

/**
 * A text field: no control characters (a NUL byte used to reach the database and answer 500;
 * tabs and line breaks stay allowed for notes and messages). Every input string of the API goes
 * through it, so the refusal is a 400 with a French message on every write path.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasControlCharacter(value), CONTROL_CHARACTER_MESSAGE);
}

/**
 * A text trimmed of white space and of the invisible characters at its ends (zero-width space,
 * soft hyphen, byte order mark…: `trimInvisible`); one made only of them becomes '', so a required
 * field refuses it with the message it gives a blank value.
 */
export function trimmedText(params?: Parameters<typeof z.string>[0]) {
  return text(params).overwrite(trimInvisible);
}

/** A required one-line text: trimmed; `required` when missing, empty or blank, `tooLong` over `max` characters. */
export function requiredLine(required: string, max: number, tooLong?: string) {
  return trimmedText({ error: required }).min(1, required).max(max, tooLong);
}

/**
 * `requiredLine` without the control-character check, for the fields that never had it (staff
 * forms, the join form's names, e-mail addresses): the same messages, the same order of checks.
 */
export function requiredString(required: string, max: number, tooLong?: string) {
  return z.string({ error: required }).overwrite(trimInvisible).min(1, required).max(max, tooLong);
}

/** A required e-mail address: trimmed; `required` when missing or empty, `invalid` over 254 characters or off the pattern. */
export function emailAddress(required: string, invalid: string) {
  return requiredString(required, 254, invalid).regex(EMAIL_PATTERN, invalid);
}

/**
 * An optional phone: empty or missing means none (null); otherwise the pattern of SPEC.md §5, else
 * `invalid`; stored normalised (docs/decisions.md, "Phone numbers").
 */
export function optionalPhone(invalid: string) {
  return z
    .string()
    .trim()
    .max(30, invalid)
    .refine((value) => value === '' || PHONE_PATTERN.test(value), invalid)
    .nullish()
    .transform(normaliseOptionalPhone);
}

/**
 * The schemas the OpenAPI document shares in `components.schemas` (referenced by `$ref`, not
 * inlined): add a schema used by several calls with `API_COMPONENTS.add(schema, { id: 'Name' })`
 * next to it (docs/decisions.md, "The API document").
 */
export const API_COMPONENTS = z.registry<{ id: string }>();

/** `{ success: false, error, message }`: the one error shape of every call (CONVENTIONS.md 6). */
export const errorResponse = z.object({
  success: z.literal(false),
  /** The French message (SPEC.md §7 reads the error text from `error`). */
  error: z.string(),
  message: z.string(),
  /** A stable machine code, e.g. NOT_FOUND, VALIDATION_ERROR, UNKNOWN_ESTABLISHMENT. */
  code: z.string(),
  /** Field-level French messages for validation failures. */
  details: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** `{ success: true, data }`: the answer of a read. */
export function successOf<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/**
 * `{ success: true, message, data }`: the answer of a write, with the French text shown to the user.
 * `message` is a plain string unless the call says otherwise (optional, or checked with `text()`).
 */
export function successWithMessageOf<T extends z.ZodType, M extends z.ZodType = z.ZodString>(
  data: T,
  message: M = z.string() as z.ZodType as M,
) {
  return z.object({ success: z.literal(true), message, data });
}

export const uuidParam = z.object({ id: text() });

/** The French refusals of a list's paging, whatever was sent: letters, a sign, a decimal, an exponent, too large. */
export const PAGING_MESSAGES = {
  page: 'Le numéro de page doit être un nombre entier entre 1 et 100 000',
  limit: 'Le nombre de lignes par page doit être un nombre entier entre 1 et 100',
  cursor: 'Le curseur de pagination est invalide',
} as const;

/**
 * A whole number from 1 to `max` read from a query string, written in plain digits ('1e2', '0x10',
 * '1.0', '+5' and ' 5' are refused, never read as another number), with one message for every refusal.
 */
const countFrom1 = (max: number, message: string) =>
  z
    .union([z.number({ error: message }), z.string({ error: message }).regex(/^\d{1,15}$/, message)], {
      error: message,
    })
    .transform(Number)
    .pipe(z.number().int(message).min(1, message).max(max, message));

/** A `limit` from 1 to 100 that may be left out (the list then has no paging of its own). */
export const optionalPageLimit = () => countFrom1(100, PAGING_MESSAGES.limit).optional();

/**
 * The paging of every paged list (the customer's bookings, the staff queue, the outbox): `page`
 * from 1 (default 1), `limit` rows from 1 to 100 (default `defaultLimit`). Spread into the query's
 * object so that every list refuses a page the same way.
 */
export function pagingQuery(defaultLimit: number) {
  return {
    page: countFrom1(100_000, PAGING_MESSAGES.page).default(1),
    limit: countFrom1(100, PAGING_MESSAGES.limit).default(defaultLimit),
  };
}

/** The largest amount the park enters or takes in one go, in euros, and its refusal. */
export const EUROS_MAX = 1_000_000;
export const EUROS_TOO_HIGH = 'Le montant ne peut pas dépasser 1 000 000 €';
