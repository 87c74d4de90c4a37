import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueItem, CatalogueListResponse } from '@shared/api/catalogue.schema';
import { ESTABLISHMENT_ID } from '@shared/constants';
import { loadApi } from './load-api';

export type CatalogueKind = 'activities' | 'services';

export async function getCatalogue(kind: CatalogueKind): Promise<CatalogueItem[]> {
  const api = await loadApi();
  const { data } = await api.get<CatalogueListResponse>(`/v1/public-booking-requests/${kind}`, {
    params: { establishment_id: ESTABLISHMENT_ID, isActive: true },
  });
  return data.data;
}

export const catalogueQueryOptions = (kind: CatalogueKind) =>
  queryOptions({
    queryKey: ['public', 'catalogue', kind],
    queryFn: () => getCatalogue(kind),
    staleTime: 5 * 60_000,
  });

export function useCatalogue(kind: CatalogueKind) {
  return useQuery(catalogueQueryOptions(kind));
}
