import { z } from 'zod';
import { successOf } from './common.schema';

export const bookingTypeOption = z.object({ value: z.string(), label: z.string() });

export const bookingType = z.object({
  value: z.string(),
  label: z.string(),
  description: z.string(),
  subTypes: z.array(bookingTypeOption),
});
export type BookingType = z.infer<typeof bookingType>;

export const bookingTypesResponse = successOf(z.array(bookingType));
export type BookingTypesResponse = z.infer<typeof bookingTypesResponse>;
