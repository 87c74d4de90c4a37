import { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from '../validation';

/**
 * Every message the schema library writes itself (an invalid enum in a query, a missing key) is
 * French, on the server and in the renderer: messages set in the schemas still win.
 */
z.config(z.locales.fr());

/**
 * A text field: no control characters (a NUL byte used to reach the database and answer 500;
 * tabs and line breaks stay allowed for notes and messages). Every input string of the API goes
 * through it, so the refusal is a 400 with a French message on every write path.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasControlCharacter(value), CONTROL_CHARACTER_MESSAGE);
}

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

export function successOf<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export const uuidParam = z.object({ id: text() });
