/**
 * Data shared by the wizard tests. Nothing here imports the renderer: the app's `api` client is
 * built from VITE_API_URL when its module loads, so each test file imports it only after
 * pointing that variable at its own local server.
 */
import type { CatalogueItem } from '@shared/api/catalogue.schema';
import type { Customer } from '@shared/api/customer.schema';
import { addIsoDays, tomorrowInParis } from '@shared/booking-days';
import { ESTABLISHMENT_ID } from '@shared/constants';

function item(
  fields: Partial<CatalogueItem> & Pick<CatalogueItem, '_id' | 'kind' | 'name' | 'category'>,
): CatalogueItem {
  return {
    description: `${fields.name} au cœur de la forêt`,
    images: [],
    image: null,
    pricing: { basePrice: 10, pricingType: 'per_person' },
    availability: { duration: null },
    isActive: true,
    isFeatured: false,
    establishment_id: ESTABLISHMENT_ID,
    ...fields,
  };
}

export const PARCOURS = item({
  _id: '11111111-1111-4111-8111-111111111111',
  kind: 'activity',
  name: 'Parcours aventure',
  category: 'aventure',
  description: 'Tyroliennes et ponts de singe dans les pins',
  images: [{ url: 'catalogue/parcours-aventure.svg', isDefault: true }],
  image: 'catalogue/parcours-aventure.svg',
  pricing: { basePrice: 25, pricingType: 'per_person' },
  availability: { duration: 120 },
});

export const PAINTBALL = item({
  _id: '22222222-2222-4222-8222-222222222222',
  kind: 'activity',
  name: 'Paintball',
  category: 'sport',
  pricing: { basePrice: 20, pricingType: 'per_person' },
  availability: { duration: 90 },
});

export const BARBECUE = item({
  _id: '33333333-3333-4333-8333-333333333333',
  kind: 'service',
  name: 'Repas barbecue',
  category: 'restauration',
  pricing: { basePrice: 15.5, pricingType: 'per_person' },
});

export const DJ = item({
  _id: '44444444-4444-4444-8444-444444444444',
  kind: 'service',
  name: 'Animation DJ',
  category: 'animation',
  pricing: { basePrice: 150, pricingType: 'flat' },
});

export const ACTIVITIES = [PARCOURS, PAINTBALL];
export const SERVICES = [BARBECUE, DJ];

export const customer: Customer = {
  _id: 'c0ffee00-0000-4000-8000-000000000001',
  firstName: 'Camille',
  lastName: 'Durand',
  email: 'camille@example.fr',
  phone: '0601020304',
  status: 'active',
  createdAt: '2026-11-01T10:00:00.000Z',
  isTemporaryPassword: false,
};

/** A date a month ahead, always bookable whatever day the tests run. */
export const START = addIsoDays(tomorrowInParis(), 30);
