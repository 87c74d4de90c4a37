import { z } from 'zod';
import '@shared/zod-config';
import { editLineInput, updateBookingBody } from '@shared/api/customer-booking.schema';
import { eventDateMessage, WIZARD_MESSAGES } from '@shared/booking-messages';
import { ISO_DAY } from '@shared/validation';

/**
 * The rules of the booking page's edit forms. They, and zod with them, load at the customer's first
 * touch, key or focus, not with the page (`useLazyZodForm`, docs/decisions.md, performance rules 13
 * and 24); the page imports only their types.
 */

export const participantsFormSchema = z.object({ participants: updateBookingBody.shape.participants.unwrap() });

/** SPEC.md §5 'Event editing': required, and not before tomorrow (`earliest`), with the wizard's messages. */
export function eventDateSchema(earliest: string) {
  return z.object({
    startDate: z
      .string()
      .min(1, WIZARD_MESSAGES.date)
      .regex(ISO_DAY, WIZARD_MESSAGES.date)
      .superRefine((day, context) => {
        const message = eventDateMessage(day, earliest);
        if (message) context.addIssue({ code: 'custom', message });
      }),
  });
}

/** A per-person line's own count, with the activity bounds' message. */
export const lineParticipantsSchema = z.object({ customParticipants: editLineInput.shape.customParticipants });
