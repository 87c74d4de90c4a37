import { defineCall } from './contract';
import {
  cancellationPreviewQuery,
  cancellationPreviewResponse,
  groupParticipantParams,
  groupParticipantResponse,
  shareRemindersBody,
  shareRemindersResponse,
  updateGroupParticipantBody,
} from './group.schema';
import {
  optionalLineBody,
  optionalLineParams,
  optOutBody,
  optOutParams,
  optOutsResponse,
  optOutsUpdateResponse,
} from './opt-outs.schema';
import { bookingPaymentParams, collectiveStatusResponse } from './payments.schema';
import { leavePreviewResponse, leaveResponse } from './leave.schema';
import { organizerCancelBody, organizerCancelResponse } from './cancel.schema';

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
  leavePreview: defineCall({
    method: 'GET',
    path: `${PREFIX}/:id/participants/:participantId/leave`,
    access: 'customer',
    params: groupParticipantParams,
    response: leavePreviewResponse,
    summary: 'Ce que le participant récupère s’il quitte la réservation aujourd’hui (lui-même)',
  }),
  leave: defineCall({
    method: 'POST',
    path: `${PREFIX}/:id/participants/:participantId/leave`,
    access: 'customer',
    params: groupParticipantParams,
    response: leaveResponse,
    summary: 'Quitter une réservation collective avant la date limite de paiement (le participant lui-même)',
  }),
  cancellationPreview: defineCall({
    method: 'GET',
    path: `${PREFIX}/:id/cancellation-preview`,
    access: 'customer',
    params: bookingPaymentParams,
    response: cancellationPreviewResponse,
    summary: 'Aperçu du remboursement de chaque payeur en cas d’annulation (organisateur)',
  }),
  cancel: defineCall({
    method: 'POST',
    path: `${PREFIX}/:id/cancel`,
    access: 'customer',
    params: bookingPaymentParams,
    body: organizerCancelBody,
    response: organizerCancelResponse,
    summary: 'Annulation par l’organisateur : chaque payeur remboursé selon l’aperçu (organisateur)',
  }),
  staffCancellationPreview: defineCall({
    method: 'GET',
    path: '/api/v1/staff/booking-requests/:id/cancellation-preview',
    access: 'staff',
    params: bookingPaymentParams,
    query: cancellationPreviewQuery,
    response: cancellationPreviewResponse,
    summary: 'Aperçu du remboursement de chaque payeur en cas d’annulation (équipe)',
  }),
  optOuts: defineCall({
    method: 'GET',
    path: `${PREFIX}/:id/opt-outs`,
    access: 'customer',
    params: bookingPaymentParams,
    response: optOutsResponse,
    summary: 'Activités facultatives et qui n’y participe pas',
  }),
  setLineOptional: defineCall({
    method: 'PUT',
    path: `${PREFIX}/:id/activities/:lineId/optional`,
    access: 'customer',
    params: optionalLineParams,
    body: optionalLineBody,
    response: optOutsUpdateResponse,
    summary: 'Rendre une activité par personne facultative (organisateur)',
  }),
  setOptOut: defineCall({
    method: 'PUT',
    path: `${PREFIX}/:id/participants/:participantId/opt-outs/:lineId`,
    access: 'customer',
    params: optOutParams,
    body: optOutBody,
    response: optOutsUpdateResponse,
    summary: 'Participer ou non à une activité facultative (le participant ou l’organisateur)',
  }),
  staffShares: defineCall({
    method: 'GET',
    path: '/api/v1/staff/booking-requests/:id/shares',
    access: 'staff',
    params: bookingPaymentParams,
    response: collectiveStatusResponse,
    summary: 'Part de chaque participant : payée, en attente, non requise, dernier rappel (équipe)',
  }),
  staffRemindShares: defineCall({
    method: 'POST',
    path: '/api/v1/staff/booking-requests/:id/share-reminders',
    access: 'staff',
    params: bookingPaymentParams,
    body: shareRemindersBody,
    response: shareRemindersResponse,
    summary: 'Rappel aux participants qui n’ont pas payé leur part (équipe)',
  }),
};
