import { defineCall } from './contract';
import { groupParticipantParams, groupParticipantResponse, updateGroupParticipantBody } from './group.schema';

/**
 * The group's payment (docs/decisions.md, "Group shares"): the organizer's guests of honour, who
 * paid and the reminders.
 */
const PREFIX = '/api/v1/customer-booking-requests';

export const groupCalls = {
  updateParticipant: defineCall({
    method: 'PUT',
    path: `${PREFIX}/:id/participants/:participantId`,
    access: 'customer',
    params: groupParticipantParams,
    body: updateGroupParticipantBody,
    response: groupParticipantResponse,
    summary: 'Invité d’honneur (organisateur)',
  }),
};
