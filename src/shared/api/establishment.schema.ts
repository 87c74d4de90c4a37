import { z } from 'zod';
import { successOf } from './common.schema';

export const address = z.object({
  street: z.string(),
  zipCode: z.string(),
  city: z.string(),
  country: z.string(),
});

export const openingHoursEntry = z.object({
  label: z.string(),
  hours: z.string(),
});

export const socialLink = z.object({ network: z.string(), url: z.string() });

export const establishmentInfo = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  address,
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  legalName: z.string(),
  siret: z.string(),
  openingHours: z.array(openingHoursEntry),
  socialLinks: z.array(socialLink),
});
export type EstablishmentInfo = z.infer<typeof establishmentInfo>;

export const establishmentInfoResponse = successOf(establishmentInfo);
export type EstablishmentInfoResponse = z.infer<typeof establishmentInfoResponse>;

export const stripeConfig = z.object({
  stripe_configured: z.boolean(),
  payment_mode: z.enum(['stripe', 'test']),
  can_receive_payments: z.boolean(),
  publishable_key: z.string().nullable(),
});
export type StripeConfig = z.infer<typeof stripeConfig>;

/** Mirrors the fields at the top level too, since SPEC.md §7 only says the caller "reads stripe_configured". */
export const stripeConfigResponse = successOf(stripeConfig).extend(stripeConfig.shape);
export type StripeConfigResponse = z.infer<typeof stripeConfigResponse>;
