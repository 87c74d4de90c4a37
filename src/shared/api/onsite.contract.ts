import { defineCall } from './contract';
import { uuidParam } from './common.schema';
import {
  checkInBoardQuery,
  checkInBoardResponse,
  checkInBody,
  checkInResponse,
  checkOutParams,
  checkOutResponse,
  onSiteWaiverBody,
  kioskTodayResponse,
  personalPassResponse,
  walkInBody,
  walkInResponse,
  walkInStatusQuery,
  walkInStatusResponse,
  waiverBody,
  waiverResponse,
} from './onsite.schema';

/** The day on site (docs/decisions.md, "On site"): the participant's pass and waiver, the team's check-in. */
const PREFIX = '/api/v1/customer-booking-requests/:id';

export const onsiteCalls = {
  pass: defineCall({
    method: 'GET',
    path: `${PREFIX}/pass`,
    access: 'customer',
    params: uuidParam,
    response: personalPassResponse,
    summary: 'Pass personnel du participant (code signé et QR)',
  }),
  signWaiver: defineCall({
    method: 'POST',
    path: `${PREFIX}/waiver`,
    access: 'customer',
    params: uuidParam,
    body: waiverBody,
    response: waiverResponse,
    summary: 'Signature de la décharge par le participant',
  }),
  checkIn: defineCall({
    method: 'POST',
    path: '/api/v1/staff/check-in',
    access: 'staff',
    body: checkInBody,
    response: checkInResponse,
    summary: "Enregistrement de l'arrivée d'un participant (pass scanné)",
  }),
  onSiteWaiver: defineCall({
    method: 'POST',
    path: '/api/v1/staff/check-in/waiver',
    access: 'staff',
    body: onSiteWaiverBody,
    response: waiverResponse,
    summary: "Décharge signée sur place, à l'accueil",
  }),
  board: defineCall({
    method: 'GET',
    path: '/api/v1/staff/check-in/board',
    access: 'staff',
    query: checkInBoardQuery,
    response: checkInBoardResponse,
    summary: 'Arrivées du jour par groupe',
  }),
  checkOut: defineCall({
    method: 'POST',
    path: '/api/v1/staff/booking-requests/:id/check-out',
    access: 'staff',
    params: checkOutParams,
    response: checkOutResponse,
    summary: 'Départ du groupe (libère la caution par carte)',
  }),
  kioskToday: defineCall({
    method: 'GET',
    path: '/api/v1/kiosk/today',
    access: 'public',
    response: kioskTodayResponse,
    summary: "Activités et créneaux d'aujourd'hui avec des places libres (la borne)",
  }),
  walkIn: defineCall({
    method: 'POST',
    path: '/api/v1/kiosk/walk-ins',
    access: 'public',
    body: walkInBody,
    response: walkInResponse,
    status: 201,
    summary: "Réservation d'un groupe sans réservation à la borne (aujourd'hui)",
  }),
  walkInStatus: defineCall({
    method: 'GET',
    path: '/api/v1/kiosk/walk-ins/:id',
    access: 'public',
    params: uuidParam,
    query: walkInStatusQuery,
    response: walkInStatusResponse,
    summary: 'Qui a rejoint et payé (la borne, avec le jeton du lien du groupe)',
  }),
} as const;
