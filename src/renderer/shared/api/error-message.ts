import { ERROR_MESSAGES } from '@shared/errors';
import type { AxiosError } from 'axios';

/**
 * axios's own test (the flag it sets on its errors), written here so that the forms do not load
 * axios with their first render (it comes with the first call, shared/api/load-api.ts; docs/decisions.md, performance rule 2).
 */
function isAxiosError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

/**
 * THE one place where a failed call becomes the text a person reads (SPEC.md §8) and where the
 * server's per-field details reach the form's fields. Screens pass their own wording as options;
 * they never read `error.response` themselves (docs/architecture.md, "Errors").
 */

/** The server's own French text, from our `{ success:false, error, message }` envelope. */
export function serverMessage(error: unknown, prefer: 'message' | 'error' = 'message'): string | undefined {
  if (!isAxiosError(error)) return undefined;
  const data = error.response?.data as { message?: unknown; error?: unknown } | undefined;
  if (!data || typeof data !== 'object') return undefined;
  const order = prefer === 'message' ? [data.message, data.error] : [data.error, data.message];
  for (const text of order) if (typeof text === 'string' && text.trim()) return text;
  return undefined;
}

export function httpStatus(error: unknown): number | undefined {
  return isAxiosError(error) ? error.response?.status : undefined;
}

/** The machine code of the server's answer (src/shared/errors.ts), when there is one. */
export function errorCode(error: unknown): string | undefined {
  if (!isAxiosError(error)) return undefined;
  const code = (error.response?.data as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The server's per-field French messages (`details` of a 4xx: a 400, the 409 of a taken email), by field. */
export function fieldErrors(error: unknown): Record<string, string> {
  const status = httpStatus(error);
  if (!isAxiosError(error) || !error.response || status === undefined || status < 400 || status >= 500) return {};
  const details = (error.response.data as { details?: unknown } | undefined)?.details;
  if (!details || typeof details !== 'object') return {};
  return Object.fromEntries(
    Object.entries(details as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
    ),
  );
}

/**
 * Puts the server's field messages on the form's own fields (react-hook-form's `setError`), for
 * the fields the form has; returns whether one was set. `shownAbove` is the text the screen already
 * shows for the whole failure: a field whose message is that same text is left alone, so that no
 * text appears twice on the page.
 */
export function applyFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: (field: F, error: { type: string; message: string }) => void,
  shownAbove?: string,
): boolean {
  let applied = false;
  for (const [field, message] of Object.entries(fieldErrors(error))) {
    if ((fields as readonly string[]).includes(field) && message !== shownAbove) {
      setError(field as F, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}

/** SPEC.md §8: no answer from the server. */
export const NETWORK_PROBLEM_MESSAGE = 'Problème de connexion réseau';

/** SPEC.md §8's generic texts by status. */
function genericMessage(error: unknown, fromServer: string | undefined): string {
  if (!isAxiosError(error)) return 'Une erreur inattendue est survenue';
  if (!error.response) return error.request ? NETWORK_PROBLEM_MESSAGE : 'Une erreur inattendue est survenue';
  const status = error.response.status;
  switch (status) {
    case 400:
      return fromServer ?? ERROR_MESSAGES.invalidData;
    case 401:
      return 'Session expirée, veuillez vous reconnecter';
    case 403:
      return fromServer ?? 'Accès non autorisé';
    case 404:
      return fromServer ?? ERROR_MESSAGES.notFound;
    case 409:
      return fromServer ?? 'Conflit de données';
    case 422:
      return fromServer ?? 'Données de validation incorrectes';
    case 429:
      return ERROR_MESSAGES.rateLimited;
    case 500:
      return ERROR_MESSAGES.serverError;
    default:
      return `Erreur ${status}`;
  }
}

export interface FailureWording {
  /**
   * The screen's own text when the server gives none (no answer, a 5xx, no text), e.g. 'Erreur de
   * connexion'. Without it, SPEC.md §8's generic text for the status.
   */
  fallback?: string;
  /** The text when no answer came back (network, or a failure that is not a call's), before `fallback`. */
  withoutAnswer?: string;
  /** A fallback per status, before `fallback` (the booking edit: 403 locked, 409 conflict). */
  fallbackByStatus?: Partial<Record<number, string>>;
  /** Texts that replace the server's for a status (the wizard's 409 during registration). */
  byStatus?: Partial<Record<number, string>>;
  /** How the server's text is shown (the wizard: 'Erreur: {message}'). */
  format?: (serverText: string) => string;
  /** Show a 5xx answer's text too (the login and account pages: "server message or ..."). */
  withServerErrors?: boolean;
  /** Read the envelope's `error` before `message` (SPEC.md §7 for the validate call). */
  prefer?: 'message' | 'error';
}

/** The text to show for any failure: a call's error, a thrown Error, anything. */
export function failureMessage(error: unknown, wording: FailureWording = {}): string {
  const status = httpStatus(error);
  const replaced = status === undefined ? undefined : wording.byStatus?.[status];
  if (replaced !== undefined) return replaced;
  const readable = status !== undefined && (status < 500 || wording.withServerErrors === true);
  const fromServer = readable ? serverMessage(error, wording.prefer) : undefined;
  if (status === undefined && wording.withoutAnswer !== undefined) return wording.withoutAnswer;
  if (wording.fallback === undefined && wording.fallbackByStatus === undefined) {
    return genericMessage(error, fromServer);
  }
  if (fromServer) return wording.format ? wording.format(fromServer) : fromServer;
  const byStatus = status === undefined ? undefined : wording.fallbackByStatus?.[status];
  return byStatus ?? wording.fallback ?? genericMessage(error, undefined);
}

/** SPEC.md §8's generic handler: `failureMessage` without a screen's wording. */
export function errorMessage(error: unknown): string {
  return failureMessage(error);
}
