import { describe, expect, it } from 'vitest';
import { AppError, notFound } from '../../../src/server/app-error';
import { ERROR_STATUS, isErrorCode } from '../../../src/shared/errors';

describe('AppError.of', () => {
  it('takes the status from the one list of codes', () => {
    const error = AppError.of('EMAIL_TAKEN', 'Cet email est déjà utilisé', { email: 'Cet email est déjà utilisé' });
    expect(error).toBeInstanceOf(AppError);
    expect(error.statusCode).toBe(409);
    expect(error.code).toBe('EMAIL_TAKEN');
    expect(error.message).toBe('Cet email est déjà utilisé');
    expect(error.details).toEqual({ email: 'Cet email est déjà utilisé' });
    expect(AppError.of('UNAUTHENTICATED', 'Veuillez vous connecter').statusCode).toBe(401);
  });

  it('reports one field with the same message as the answer', () => {
    const error = AppError.invalid('startDate', 'La date ne peut pas être dans le passé');
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual({ startDate: 'La date ne peut pas être dans le passé' });
  });

  it('keeps the four-argument constructor and the French default of notFound', () => {
    expect(new AppError('SOME_CODE', 418, 'Texte').statusCode).toBe(418);
    expect(notFound().message).toBe('Ressource non trouvée');
    expect(notFound().statusCode).toBe(404);
  });
});

describe('the error vocabulary', () => {
  it('gives every code an error status and knows its own codes only', () => {
    for (const status of Object.values(ERROR_STATUS)) expect(status).toBeGreaterThanOrEqual(400);
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});
