import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeaturedActivity } from '@shared/featured-activities';
import { getCatalogue } from '@renderer/shared/api/catalogue';
import { queryKeys } from '@renderer/shared/api/query-keys';

export type { FeaturedActivity };

/** The home page shows at most three featured activities (SPEC.md §2). */
export const FEATURED_COUNT = 3;

/**
 * Its own query (not the catalogue list's): the pre-rendered home page carries these cards from
 * the seeded data, marked stale, and the client refreshes them from the live catalogue.
 */
export const featuredActivitiesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.public.featuredActivities(),
    queryFn: async (): Promise<FeaturedActivity[]> =>
      // The activities the park marked as featured (catalogue_items.is_featured, seeded on SPEC.md
      // §2's three), in catalogue order.
      (await getCatalogue('activities'))
        .filter((item) => item.isFeatured)
        .slice(0, FEATURED_COUNT)
        .map((item) => ({
          name: item.name,
          category: item.category,
          description: item.description,
          basePrice: item.pricing.basePrice,
          duration: item.availability.duration,
          image: item.image,
        })),
    staleTime: 5 * 60_000,
  });

export function useFeaturedActivities() {
  return useQuery(featuredActivitiesQueryOptions());
}
