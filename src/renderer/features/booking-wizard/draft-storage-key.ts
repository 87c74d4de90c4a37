/**
 * Where the wizard keeps its draft (session storage). Its own module so that the app shell can
 * tell whether a draft exists without loading the wizard (step 1 is pre-rendered: docs/decisions.md, performance rule 6).
 */
export const DRAFT_STORAGE_KEY = 'parc.reservation.brouillon';
