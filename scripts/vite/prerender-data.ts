import type { EstablishmentInfo } from '../../src/shared/api/establishment.schema';
import { CATALOGUE_SEED, ESTABLISHMENT_SEED, FEATURED_SLUGS } from '../../src/server/db/seed-data';
import type { FeaturedActivity } from '../../src/shared/featured-activities';

const FEATURED_COUNT = 3;

/**
 * The park's details and featured activities as the seeded database serves them (same mapping
 * as the establishment service and the catalogue list), for the pre-rendered pages. The client
 * refreshes both from the API once the page is interactive.
 */
export interface PrerenderData {
  establishment: EstablishmentInfo;
  featuredActivities: FeaturedActivity[];
}

export function prerenderDataFromSeed(): PrerenderData {
  const seed = ESTABLISHMENT_SEED;
  return {
    establishment: {
      _id: seed.id,
      name: seed.name,
      description: seed.description,
      address: { street: seed.street, zipCode: seed.zipCode, city: seed.city, country: seed.country },
      phone: seed.phone,
      email: seed.email,
      website: seed.website,
      legalName: seed.legalName,
      siret: seed.siret,
      openingHours: seed.openingHours,
      socialLinks: seed.socialLinks,
    },
    featuredActivities: CATALOGUE_SEED.filter((item) => item.kind === 'activity' && FEATURED_SLUGS.includes(item.slug))
      .slice(0, FEATURED_COUNT)
      .map((item) => ({
        name: item.name,
        category: item.category,
        description: item.description,
        basePrice: item.basePriceCents / 100,
        duration: item.durationMinutes,
        image: `/uploads/catalogue/${item.slug}.svg`,
      })),
  };
}
