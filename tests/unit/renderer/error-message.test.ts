import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { errorMessage, httpStatus, serverMessage } from '../../../src/renderer/shared/api/error-message';

const config = { headers: new AxiosHeaders(), url: '/v1/customer-booking-requests' } as InternalAxiosRequestConfig;

/** A failed call as axios rejects it: the request went out and the server answered `status`. */
function failedWith(status: number, data?: unknown): AxiosError {
  const response: AxiosResponse = { status, statusText: '', data, headers: {}, config };
  const code = status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
  return new AxiosError(`Request failed with status code ${status}`, code, config, {}, response);
}

/** The server's error envelope (CONVENTIONS.md 6): the French text sits in both error and message. */
const envelope = (text: string) => ({ success: false, error: text, message: text, code: 'SOME_CODE' });

describe('errorMessage (SPEC.md §8 generic handler)', () => {
  it.each([
    { status: 400, data: undefined, expected: 'Données invalides' },
    { status: 400, data: envelope('La date de début est requise'), expected: 'La date de début est requise' },
    { status: 401, data: undefined, expected: 'Session expirée, veuillez vous reconnecter' },
    { status: 401, data: envelope('Jeton invalide'), expected: 'Session expirée, veuillez vous reconnecter' },
    { status: 403, data: undefined, expected: 'Accès non autorisé' },
    { status: 403, data: envelope('Réservation verrouillée'), expected: 'Réservation verrouillée' },
    { status: 404, data: undefined, expected: 'Ressource non trouvée' },
    { status: 404, data: envelope('Réservation non trouvée'), expected: 'Réservation non trouvée' },
    { status: 409, data: undefined, expected: 'Conflit de données' },
    { status: 409, data: envelope('Cet email existe déjà'), expected: 'Cet email existe déjà' },
    { status: 422, data: undefined, expected: 'Données de validation incorrectes' },
    { status: 422, data: envelope('Participants hors limites'), expected: 'Participants hors limites' },
    { status: 429, data: undefined, expected: 'Trop de requêtes, veuillez patienter' },
    { status: 429, data: envelope('Too many requests'), expected: 'Trop de requêtes, veuillez patienter' },
    { status: 500, data: undefined, expected: 'Erreur serveur, veuillez réessayer plus tard' },
    { status: 500, data: envelope('stack trace'), expected: 'Erreur serveur, veuillez réessayer plus tard' },
    { status: 418, data: undefined, expected: 'Erreur 418' },
    { status: 503, data: envelope('Maintenance'), expected: 'Erreur 503' },
  ])('answers a $status (server text: $data.message) with "$expected"', ({ status, data, expected }) => {
    expect(errorMessage(failedWith(status, data))).toBe(expected);
  });

  it('falls back to the default text when the server text is blank or not a string', () => {
    expect(errorMessage(failedWith(404, { success: false, message: '   ', error: '' }))).toBe('Ressource non trouvée');
    expect(errorMessage(failedWith(409, { message: 42 }))).toBe('Conflit de données');
    expect(errorMessage(failedWith(400, '<html>Bad Request</html>'))).toBe('Données invalides');
  });

  it('reports a network problem when the request went out and no response came back', () => {
    const error = new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    expect(errorMessage(error)).toBe('Problème de connexion réseau');
  });

  it('reports a timeout as a network problem too', () => {
    const error = new AxiosError('timeout of 20000ms exceeded', AxiosError.ECONNABORTED, config, {});
    expect(errorMessage(error)).toBe('Problème de connexion réseau');
  });

  it('gives the unexpected-error text for an axios error that never reached the network', () => {
    const error = new AxiosError('Invalid URL', AxiosError.ERR_INVALID_URL, config);
    expect(errorMessage(error)).toBe('Une erreur inattendue est survenue');
  });

  it.each([
    new Error('boom'),
    new TypeError('x is undefined'),
    'a string',
    undefined,
    null,
    { response: { status: 404 } },
  ])('gives the unexpected-error text for a non-axios failure (%s)', (error) => {
    expect(errorMessage(error)).toBe('Une erreur inattendue est survenue');
  });
});

describe('serverMessage', () => {
  it('reads message first, then error, from the error envelope', () => {
    expect(serverMessage(failedWith(400, { success: false, error: 'B', message: 'A' }))).toBe('A');
    expect(serverMessage(failedWith(400, { success: false, error: 'B' }))).toBe('B');
    expect(serverMessage(failedWith(400, { success: false, error: 'B', message: '  ' }))).toBe('B');
  });

  it.each([
    { case: 'no body', error: failedWith(400) },
    { case: 'a text body', error: failedWith(502, 'Bad Gateway') },
    { case: 'blank texts', error: failedWith(400, { message: ' ', error: '' }) },
    { case: 'non-string texts', error: failedWith(400, { message: 1, error: { nested: true } }) },
    { case: 'no response', error: new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {}) },
    { case: 'a non-axios error', error: new Error('boom') },
  ])('is undefined with $case', ({ error }) => {
    expect(serverMessage(error)).toBeUndefined();
  });
});

describe('httpStatus', () => {
  it('is the response status of an axios error and undefined otherwise', () => {
    expect(httpStatus(failedWith(409))).toBe(409);
    expect(httpStatus(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {}))).toBeUndefined();
    expect(httpStatus(new Error('boom'))).toBeUndefined();
  });
});
