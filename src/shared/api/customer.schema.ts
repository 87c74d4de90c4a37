import { z } from 'zod';

/** The customer as every call returns it (SPEC.md §3): never a hash, never a token. */
export const customer = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  isTemporaryPassword: z.boolean(),
});
export type Customer = z.infer<typeof customer>;

export const verifyResponse = z.object({
  success: z.literal(true),
  data: z.object({ customer }),
});
export type VerifyResponse = z.infer<typeof verifyResponse>;
