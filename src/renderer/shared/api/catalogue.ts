import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueItem } from '@shared/api/catalogue.schema';
import { publicCalls } from '@shared/api/public.contract';
import { ESTABLISHMENT_ID } from '@shared/constants';
import { callApi } from './call-api';
import { api } from './client';

export type CatalogueKind = 'activities' | 'services';

export async function getCatalogue(kind: CatalogueKind): Promise<CatalogueItem[]> {
  const answer = await callApi(api, publicCalls[kind], { query: { establishment_id: ESTABLISHMENT_ID, isActive: 'true' } });
  return answer.data;
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
