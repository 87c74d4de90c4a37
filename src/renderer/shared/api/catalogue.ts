import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueItem } from '@shared/api/catalogue.schema';
import { ESTABLISHMENT_ID } from '@shared/constants';
import { callApi } from './call-api';
import { loadCalls } from './load-api';
import { queryKeys } from './query-keys';

export type CatalogueKind = 'activities' | 'services';

export async function getCatalogue(kind: CatalogueKind): Promise<CatalogueItem[]> {
  const { api, contract } = await loadCalls(() => import('@shared/api/public.contract'));
  const answer = await callApi(api, contract.publicCalls[kind], {
    query: { establishment_id: ESTABLISHMENT_ID, isActive: 'true' },
  });
  return answer.data;
}

export const catalogueQueryOptions = (kind: CatalogueKind) =>
  queryOptions({
    queryKey: queryKeys.public.catalogue(kind),
    queryFn: () => getCatalogue(kind),
    staleTime: 5 * 60_000,
  });

export function useCatalogue(kind: CatalogueKind) {
  return useQuery(catalogueQueryOptions(kind));
}
