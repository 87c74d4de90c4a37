import { z } from 'zod';

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

export const uuidParam = z.object({ id: z.string() });
