/**
 * Business constants of SPEC.md §9, shared by the server, the renderer and the desktop app.
 */

/** The single park this product serves (SPEC.md §1, §9): sent as `establishment_id` and `X-Parc-ID`. */
export const ESTABLISHMENT_ID = '5b0e7c3a-2f1d-4e8b-9a6c-7d3f1e2a4b5c';

export const PARC_ID_HEADER = 'X-Parc-ID';

export const PARTICIPANTS_MIN = 1;
export const PARTICIPANTS_MAX = 100;
export const ACTIVITY_PARTICIPANTS_MIN = 1;
export const ACTIVITY_PARTICIPANTS_MAX = 50;

export const PASSWORD_MIN_LENGTH = 6;

/** An event spans at most two weeks from its first day. */
export const MAX_EVENT_DAYS = 14;

export const TOKEN_STORAGE_KEY = 'token';

export const MESSAGE_MAX_LENGTH = 2000;
export const MESSAGE_WARNING_LENGTH = 1800;

export const RESPONSE_PROMISE_HOURS = 24;

/** Default contact address used when the establishment info call fails (SPEC.md §9). */
export const FALLBACK_CONTACT_EMAIL = 'contact@parc-aventure-landes.fr';

/** Opening hours of SPEC.md §9, shown on the home page, the contact page and the footer. */
export const OPENING_HOURS = [
  { label: 'Lundi - Vendredi', hours: '9h - 19h' },
  { label: 'Week-end', hours: '9h - 21h' },
  { label: 'Juillet - Août', hours: '9h - 21h' },
] as const;
export const PHONE_HOURS = 'Du lundi au vendredi, 9h - 18h';
export const EVENT_HOURS = 'Sur réservation uniquement, événements 9h - 19h';
