// @vitest-environment jsdom
import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import {
  applyFieldErrors,
  errorCode,
  errorMessage,
  failureMessage,
  fieldErrors,
  httpStatus,
  serverMessage,
} from '@renderer/shared/api/error-message';
import { validationErrorMessage } from '@renderer/features/booking-detail/api/validate-booking';
import { submitFailureMessage } from '@renderer/features/booking-wizard/finalisation-step';
import { cardErrorMessage, intentErrorMessage } from '@renderer/features/payments/payment-flow';

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

describe("failureMessage with a screen's wording", () => {
  const network = () => new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});

  it("prefers the server's 4xx text, and the screen's fallback to a 5xx or to no answer at all", () => {
    const wording = { fallback: 'Erreur lors de la sauvegarde du champ Date' };
    expect(failureMessage(failedWith(400, envelope('La date ne peut pas être dans le passé')), wording)).toBe(
      'La date ne peut pas être dans le passé',
    );
    expect(failureMessage(failedWith(500, envelope('Erreur serveur, veuillez réessayer plus tard')), wording)).toBe(
      'Erreur lors de la sauvegarde du champ Date',
    );
    expect(failureMessage(network(), wording)).toBe('Erreur lors de la sauvegarde du champ Date');
    expect(failureMessage(new Error('boom'), wording)).toBe('Erreur lors de la sauvegarde du champ Date');
  });

  it("shows a 5xx text only when the screen asks for the server's message whatever it is (login)", () => {
    const wording = { fallback: 'Erreur de connexion', withServerErrors: true };
    expect(failureMessage(failedWith(500, envelope('Erreur serveur, veuillez réessayer plus tard')), wording)).toBe(
      'Erreur serveur, veuillez réessayer plus tard',
    );
    expect(failureMessage(failedWith(401, envelope('Email ou mot de passe incorrect')), wording)).toBe(
      'Email ou mot de passe incorrect',
    );
    expect(failureMessage(network(), wording)).toBe('Erreur de connexion');
  });

  it('uses a fallback per status before the general one (the booking edit: locked, conflict)', () => {
    const wording = {
      fallbackByStatus: {
        403: 'Modification non autorisée - La réservation est verrouillée',
        409: 'Conflit de données',
      },
      fallback: 'Erreur lors de la mise à jour du créneau',
    };
    expect(failureMessage(failedWith(403), wording)).toBe(
      'Modification non autorisée - La réservation est verrouillée',
    );
    expect(failureMessage(failedWith(409, { success: false }), wording)).toBe('Conflit de données');
    expect(failureMessage(failedWith(409, envelope('Ce créneau est complet : il reste 2 places')), wording)).toBe(
      'Ce créneau est complet : il reste 2 places',
    );
    expect(failureMessage(failedWith(502), wording)).toBe('Erreur lors de la mise à jour du créneau');
  });
});

describe("the screens' wordings of SPEC.md §8", () => {
  it('wizard: a 409 during registration says the email exists; another server text is prefixed with "Erreur: "', () => {
    expect(submitFailureMessage(failedWith(409, envelope('Cet email est déjà utilisé')), true)).toBe(
      'Cet email existe déjà. Essayez de vous connecter.',
    );
    expect(submitFailureMessage(failedWith(409, envelope('Le prix de Paintball a changé')), false)).toBe(
      'Erreur: Le prix de Paintball a changé',
    );
    expect(submitFailureMessage(failedWith(500, envelope('Erreur serveur')), false)).toBe(
      'Erreur lors de la création de votre demande. Veuillez réessayer.',
    );
  });

  it('validation of a request: the envelope\'s `error` text, else "Erreur lors de la validation de la demande"', () => {
    expect(
      validationErrorMessage(
        failedWith(409, { success: false, error: 'Vous avez déjà validé cette demande', message: 'autre' }),
      ),
    ).toBe('Vous avez déjà validé cette demande');
    expect(validationErrorMessage(failedWith(503))).toBe('Erreur lors de la validation de la demande');
  });
});

describe('payment wordings (SPEC.md §8 "Payment")', () => {
  const network = () => new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});

  it("opening a payment: the server's refusal, 'création' after an answer, 'initiation' without one", () => {
    expect(
      intentErrorMessage(failedWith(409, envelope('Vous ne pouvez pas effectuer de paiement pour le moment'))),
    ).toBe('Vous ne pouvez pas effectuer de paiement pour le moment');
    expect(intentErrorMessage(failedWith(502, envelope('Erreur serveur')))).toBe(
      'Erreur lors de la création du paiement',
    );
    expect(intentErrorMessage(network())).toBe("Erreur lors de l'initiation du paiement");
    expect(intentErrorMessage(new Error('boom'))).toBe("Erreur lors de l'initiation du paiement");
  });

  it("a card: the provider's message relayed by the server, else the deposit's or the payment's text", () => {
    expect(cardErrorMessage(failedWith(402, envelope('Votre carte a été refusée')), false)).toBe(
      'Votre carte a été refusée',
    );
    expect(cardErrorMessage(failedWith(502), true)).toBe("Erreur lors de l'autorisation");
    expect(cardErrorMessage(network(), false)).toBe('Erreur lors du paiement');
  });

  it('a text for no answer at all leaves the generic texts by status alone (forgot password)', () => {
    const wording = { withServerErrors: true, withoutAnswer: "Erreur lors de l'envoi de la demande" };
    expect(failureMessage(network(), wording)).toBe("Erreur lors de l'envoi de la demande");
    expect(failureMessage(failedWith(429), wording)).toBe('Trop de requêtes, veuillez patienter');
    expect(failureMessage(failedWith(400, envelope('Email invalide')), wording)).toBe('Email invalide');
  });
});

describe('field details', () => {
  const emailTaken = {
    success: false,
    error: 'Cet email est déjà utilisé',
    message: 'Cet email est déjà utilisé',
    code: 'EMAIL_TAKEN',
    details: { email: 'Cet email est déjà utilisé', ignored: 3 },
  };

  it('reads the code and the per-field messages of a 400 or 409 answer', () => {
    expect(errorCode(failedWith(409, emailTaken))).toBe('EMAIL_TAKEN');
    expect(fieldErrors(failedWith(409, emailTaken))).toEqual({ email: 'Cet email est déjà utilisé' });
    expect(fieldErrors(failedWith(500, emailTaken))).toEqual({});
    expect(fieldErrors(new Error('boom'))).toEqual({});
  });

  it("puts them on the form's own fields only", () => {
    const set: Array<[string, string]> = [];
    const applied = applyFieldErrors(
      failedWith(400, { ...emailTaken, details: { email: 'Email invalide', other: 'x' } }),
      ['email', 'phone'] as const,
      (field, error) => set.push([field, error.message]),
    );
    expect(applied).toBe(true);
    expect(set).toEqual([['email', 'Email invalide']]);
    expect(applyFieldErrors(failedWith(500), ['email'] as const, () => undefined)).toBe(false);
  });

  it('leaves a field alone when its message is the one the screen already shows above the form', () => {
    const set: string[] = [];
    const applied = applyFieldErrors(
      failedWith(409, emailTaken),
      ['email'] as const,
      (field) => set.push(field),
      'Cet email est déjà utilisé',
    );
    expect(applied).toBe(false);
    expect(set).toEqual([]);
  });
});
