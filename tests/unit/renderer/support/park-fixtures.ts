import type { EstablishmentInfo } from '@shared/api/establishment.schema';

/** The park as GET /v1/establishment/info gives it, for the pages that show its details. */
export const park: EstablishmentInfo = {
  _id: 'park-1',
  name: 'Parc des Pins',
  description: 'Parc de loisirs',
  address: { street: '12 route des Lacs', zipCode: '40200', city: 'Mimizan', country: 'France' },
  phone: '05 58 00 00 00',
  email: 'bonjour@parc-des-pins.fr',
  website: 'https://parc-des-pins.fr',
  legalName: 'Parc des Pins SAS',
  siret: '12345678900012',
  openingHours: [],
  socialLinks: [],
};
