import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingTypesResponse } from '../../src/shared/api/booking-types.schema';
import { errorResponse } from '../../src/shared/api/common.schema';
import { ESTABLISHMENT_ID, PARC_ID_HEADER } from '../../src/shared/constants';
import { createTestApp, type TestApp } from '../support/test-app';

const URL = '/api/v1/public-booking-requests/booking-types';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/public-booking-requests/booking-types', () => {
  it('offers the five event types with their French labels and sub-types', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL, headers: { [PARC_ID_HEADER]: ESTABLISHMENT_ID } });
    expect(res.statusCode).toBe(200);
    const { data } = bookingTypesResponse.strict().parse(res.json());
    expect(data.map(({ value, label }) => ({ value, label }))).toEqual([
      { value: 'evg-evjf', label: 'Enterrement de vie de garçon/fille' },
      { value: 'anniv', label: 'Anniversaire' },
      { value: 'group', label: 'Groupe / Association' },
      { value: 'company', label: 'Entreprise' },
      { value: 'act', label: 'Individuel' },
    ]);
    const byValue = new Map(data.map((type) => [type.value, type]));
    expect(byValue.get('evg-evjf')?.subTypes).toEqual([
      { value: 'evg', label: 'Enterrement de vie de garçon' },
      { value: 'evjf', label: 'Enterrement de vie de jeune fille' },
      { value: 'evgay', label: 'Enterrement de vie de garçon (gay)' },
      { value: 'evc', label: 'Enterrement de vie de couple' },
    ]);
    expect(byValue.get('company')?.subTypes).toEqual([
      { value: 'sem', label: 'Séminaire' },
      { value: 'ce', label: "Comité d'Entreprise" },
    ]);
    for (const value of ['anniv', 'group', 'act']) expect(byValue.get(value)?.subTypes).toEqual([]);
    for (const type of data) expect(type.description.length).toBeGreaterThan(10);
  });

  it('refuses another park', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL, headers: { [PARC_ID_HEADER]: 'other' } });
    expect(res.statusCode).toBe(400);
    const body = errorResponse.parse(res.json());
    expect(body.code).toBe('UNKNOWN_ESTABLISHMENT');
    expect(body.error).toBe('Établissement inconnu : ce service gère uniquement le Parc Aventure des Landes');
  });
});
