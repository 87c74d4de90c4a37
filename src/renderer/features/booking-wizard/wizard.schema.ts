import { z } from 'zod';
import {
  eventDateMessage,
  eventStepSchema,
  ISO_DAY,
  WIZARD_MESSAGES,
  type EventStep,
} from '@shared/api/booking-request.schema';
import { tomorrowInParis } from '@shared/booking-days';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { EVENT_TYPES } from '@shared/labels';
import { EMAIL_PATTERN, PHONE_PATTERN, trimInvisible } from '@shared/validation';
import { CUSTOMER_TYPES, TITLES, type EventDraft } from './wizard-draft';
import { FIELD_MESSAGES } from '@shared/field-messages';
import { normalisePhone } from '@shared/phone';

export type EventField = keyof EventDraft;
export type EventErrors = Partial<Record<EventField, string>>;

function toCandidate(event: EventDraft) {
  const participants = event.participants.trim();
  return {
    ...event,
    bookingType: event.bookingType || undefined,
    participants: participants === '' ? undefined : Number(participants),
    date: event.date || undefined,
  };
}

function firstMessages(issues: readonly z.core.$ZodIssue[], into: EventErrors): void {
  for (const issue of issues) {
    const field = issue.path[0] as EventField | undefined;
    if (field && !into[field]) into[field] = issue.message;
  }
}

/** Today itself is not in the past but is not bookable either; same wording as the server's. */
export const NOT_BEFORE_TOMORROW = WIZARD_MESSAGES.notBeforeTomorrow;

/**
 * Step 1 with the shared rules of SPEC.md §5 (eventStepSchema) plus the two date rules that
 * depend on today in Paris: not in the past, and not before tomorrow (SPEC.md §9).
 */
export function validateEvent(
  event: EventDraft,
  earliest: string = tomorrowInParis(),
): { success: true; data: EventStep } | { success: false; errors: EventErrors } {
  const candidate = toCandidate(event);
  const result = eventStepSchema.safeParse(candidate);
  const errors: EventErrors = {};
  if (!result.success) {
    firstMessages(result.error.issues, errors);
    // Zod runs the per-type rules (sub-type, organisation, company) only once the base fields
    // pass, but every field's message is shown at once: check them again on a stand-in.
    if (EVENT_TYPES.includes(candidate.bookingType as never)) {
      const standIn = eventStepSchema.safeParse({ ...candidate, participants: 1, date: '2000-01-01' });
      if (!standIn.success) firstMessages(standIn.error.issues, errors);
    }
  }
  if (!errors.date && ISO_DAY.test(event.date)) {
    const message = eventDateMessage(event.date, earliest);
    if (message) errors.date = message;
  }
  if (result.success && Object.keys(errors).length === 0) return { success: true, data: result.data };
  return { success: false, errors };
}

const notes = z.string().max(1500, 'Les remarques ne peuvent pas dépasser 1500 caractères');
const acceptTerms = z.boolean().refine((accepted) => accepted, 'Vous devez accepter les conditions');

/** Step 3 for a logged-in customer: only the notes and the terms. */
export const connectedFormSchema = z.object({ notes, acceptTerms });
export type ConnectedForm = z.infer<typeof connectedFormSchema>;

const COMPANY_LAST_NAME = 'Entreprise';

/** Step 3 account form (SPEC.md §3 and §5), in the order the messages are listed there. */
export const accountFormSchema = z
  .object({
    customerType: z.enum(CUSTOMER_TYPES),
    title: z.enum(TITLES).or(z.literal('')),
    // Trimmed of invisible characters too: a name made only of them is blank (required below).
    firstName: z.string().overwrite(trimInvisible).max(100, FIELD_MESSAGES.firstNameTooLong),
    lastName: z.string().overwrite(trimInvisible).max(100, FIELD_MESSAGES.lastNameTooLong),
    email: z
      .string()
      .trim()
      .min(1, FIELD_MESSAGES.emailRequired)
      .max(254, FIELD_MESSAGES.emailInvalid)
      .regex(EMAIL_PATTERN, FIELD_MESSAGES.emailInvalid),
    phone: z
      .string()
      .trim()
      .min(1, 'Téléphone requis')
      .max(30, FIELD_MESSAGES.phoneFormat)
      .regex(PHONE_PATTERN, FIELD_MESSAGES.phoneFormat)
      // Sent as the profile sends it: +33… (docs/decisions.md, "Phone numbers"); libphonenumber-js
      // is already in this lazy chunk through the shared request schema.
      .transform(normalisePhone),
    password: z
      .string()
      .min(1, FIELD_MESSAGES.passwordRequired)
      .min(PASSWORD_MIN_LENGTH, FIELD_MESSAGES.passwordMin)
      .max(200),
    confirmPassword: z.string().min(1, 'Confirmation requise'),
    address: z.object({
      street: z.string().trim().max(200),
      postalCode: z.string().trim().max(20),
      city: z.string().trim().max(100),
    }),
    notes,
    acceptTerms,
  })
  .superRefine(
    (form, context) => {
      const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
      if (!form.title) issue('title', 'Civilité requise');
      // A company's name travels as firstName and lastName is the fixed word 'Entreprise' (SPEC.md §3).
      if (!form.firstName)
        issue(
          'firstName',
          form.customerType === 'company' ? WIZARD_MESSAGES.companyName : FIELD_MESSAGES.firstNameRequired,
        );
      if (form.customerType === 'individual' && !form.lastName) issue('lastName', FIELD_MESSAGES.lastNameRequired);
      if (form.confirmPassword && form.password !== form.confirmPassword) {
        issue('confirmPassword', FIELD_MESSAGES.passwordsMismatch);
      }
    },
    // Every field's message at once, even while another field is still invalid.
    { when: () => true },
  )
  .transform((form) => ({ ...form, lastName: form.customerType === 'company' ? COMPANY_LAST_NAME : form.lastName }));
export type AccountFormInput = z.input<typeof accountFormSchema>;
export type AccountForm = z.output<typeof accountFormSchema>;
