import { customerAuthCalls } from './auth.contract';
import type { CallDefinition } from './contract';
import { messageCalls } from './messages.contract';
import { onsiteCalls } from './onsite.contract';
import { paymentCalls } from './payments.contract';
import { contractCalls } from './contracts.contract';
import { customerBookingCalls } from './customer-bookings.contract';
import { groupCalls } from './group.contract';
import { invitationCalls } from './invitations.contract';
import { publicCalls } from './public.contract';
import { staffCatalogueCalls } from './staff-catalogue.contract';
import { staffCalls } from './staff.contract';

/**
 * Every call definition of the API, by area: the route table (docs/decisions.md, "One definition
 * per call"). tests/api/call-definitions.test.ts checks that the server registers exactly these.
 * The renderer imports an area's contract file, never this index (it would pull every schema).
 */
export const ALL_CALLS = {
  public: publicCalls,
  staff: staffCalls,
  staffCatalogue: staffCatalogueCalls,
  messages: messageCalls,
  payments: paymentCalls,
  customerAuth: customerAuthCalls,
  customerBookings: customerBookingCalls,
  invitations: invitationCalls,
  contracts: contractCalls,
  group: groupCalls,
  onsite: onsiteCalls,
} as const satisfies Record<string, Record<string, CallDefinition>>;

export function listAllCalls(): CallDefinition[] {
  return Object.values(ALL_CALLS).flatMap((area) => Object.values(area) as CallDefinition[]);
}
