import { defineCall } from './contract';
import {
  groupParticipantParams,
  groupParticipantResponse,
  shareRemindersBody,
  shareRemindersResponse,
  updateGroupParticipantBody,
} from './group.schema';
import { bookingPaymentParams } from './payments.schema';

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
  remindShares: defineCall({
    method: 'POST',
    path: `${PREFIX}/:id/booking-payment/reminders`,
    access: 'customer',
    params: bookingPaymentParams,
    body: shareRemindersBody,
    response: shareRemindersResponse,
    summary: 'Rappel aux participants qui n’ont pas payé leur part (organisateur)',
  }),
};
