import { z } from 'zod';
import { text, successOf, API_COMPONENTS } from './common.schema';

/** A customer account is active or deleted (the row is kept, its personal data erased). */
export const CUSTOMER_STATUSES = ['active', 'deleted'] as const;

/** The customer as every call returns it (SPEC.md §3): never a hash, never a token. */
export const customer = z.object({
  _id: text(),
  firstName: text(),
  lastName: text(),
  email: text(),
  phone: text().nullable(),
  status: text(),
  createdAt: text(),
  isTemporaryPassword: z.boolean(),
});
export type Customer = z.infer<typeof customer>;

export const verifyResponse = successOf(z.object({ customer }));
export type VerifyResponse = z.infer<typeof verifyResponse>;

// Shared in the OpenAPI document (docs/decisions.md, "The API document").
API_COMPONENTS.add(customer, { id: 'Customer' });
