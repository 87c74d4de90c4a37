import { z } from 'zod';
import { successOf, text } from './common.schema';

export const address = z.object({
  street: text(),
  zipCode: text(),
  city: text(),
  country: text(),
});

export const openingHoursEntry = z.object({
  label: text(),
  hours: text(),
});

export const socialLink = z.object({ network: text(), url: text() });

export const establishmentInfo = z.object({
  _id: text(),
  name: text(),
  description: text(),
  address,
  phone: text(),
  email: text(),
  website: text(),
  legalName: text(),
  siret: text(),
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
  publishable_key: text().nullable(),
});
export type StripeConfig = z.infer<typeof stripeConfig>;

/** Mirrors the fields at the top level too, since SPEC.md §7 only says the caller "reads stripe_configured". */
export const stripeConfigResponse = successOf(stripeConfig).extend(stripeConfig.shape);
export type StripeConfigResponse = z.infer<typeof stripeConfigResponse>;
