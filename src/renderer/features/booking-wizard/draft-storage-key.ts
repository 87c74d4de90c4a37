/**
 * Where the wizard keeps its draft (session storage). Its own module so that the app shell can
 * tell whether a draft exists without loading the wizard (issue 12: pre-rendered step 1).
 */
export const DRAFT_STORAGE_KEY = 'parc.reservation.brouillon';
