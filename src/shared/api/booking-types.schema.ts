import { z } from 'zod';
import { successOf, text } from './common.schema';

export const bookingTypeOption = z.object({ value: text(), label: text() });

export const bookingType = z.object({
  value: text(),
  label: text(),
  description: text(),
  subTypes: z.array(bookingTypeOption),
});
export type BookingType = z.infer<typeof bookingType>;

export const bookingTypesResponse = successOf(z.array(bookingType));
export type BookingTypesResponse = z.infer<typeof bookingTypesResponse>;
