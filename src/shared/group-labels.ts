/**
 * The group's labels the booking page shows, without the schemas of their calls
 * (api/group.schema.ts and api/opt-outs.schema.ts re-export them): the page does not load zod
 * with them (docs/decisions.md, performance rule 24).
 */

/** Guests of honour may change while the booking is a request or an option, not once confirmed. */
export const GUESTS_OF_HONOUR_STATUSES: readonly string[] = ['draft', 'prebooked'];

/** How the booking page names a participant the group pays for. */
export const GUEST_OF_HONOUR_LABEL = 'Invité d’honneur';

/** The labels of an optional activity on the booking page. */
export const OPT_OUT_LABELS = {
  optional: 'Facultative',
  takes: 'Je participe',
  skips: 'Je ne participe pas',
} as const;
