import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { EstablishmentInfo } from '@shared/api/establishment.schema';
import { FALLBACK_CONTACT_EMAIL } from '@shared/constants';
import { useFormattedPhone } from '../format/phone';
import { callApi } from './call-api';
import { loadCalls } from './load-api';
import { queryKeys } from './query-keys';

export async function getEstablishmentInfo(): Promise<EstablishmentInfo> {
  const { api, contract } = await loadCalls(() => import('@shared/api/public.contract'));
  const answer = await callApi(api, contract.publicCalls.establishmentInfo, {});
  return answer.data;
}

export const establishmentInfoQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.public.establishment(),
    queryFn: getEstablishmentInfo,
    staleTime: 10 * 60_000,
  });

/** Texts shown while the info loads or when the call fails (SPEC.md §2 footer, §8). */
export const ESTABLISHMENT_FALLBACK: EstablishmentInfo = {
  _id: '',
  name: 'Parc Aventure',
  description:
    'Parc de loisirs de plein air : activités de groupe, anniversaires, séminaires et enterrements de vie de garçon ou de jeune fille.',
  address: { street: 'Adresse disponible sur demande', zipCode: '', city: 'Landes', country: 'France' },
  phone: 'Téléphone non disponible',
  email: FALLBACK_CONTACT_EMAIL,
  website: '',
  legalName: 'Parc Aventure',
  siret: 'non communiqué',
  openingHours: [],
  socialLinks: [],
};

/**
 * The park's details with fallback texts: a failure is only logged (SPEC.md §8), the page
 * keeps showing the fallback.
 */
export function useEstablishmentInfo(): { info: EstablishmentInfo; isFallback: boolean; isLoading: boolean } {
  const query = useQuery(establishmentInfoQueryOptions());
  useEffect(() => {
    if (query.error) console.error('Informations de l’établissement indisponibles', query.error);
  }, [query.error]);
  // A failed refresh of the pre-rendered (seeded) details also falls back: SPEC.md §8.
  const data = query.isError ? undefined : query.data;
  // The park's phone as every page shows it (docs/decisions.md, "Phone numbers").
  const phone = useFormattedPhone(data?.phone);
  const info = useMemo(() => (data && phone !== undefined ? { ...data, phone } : undefined), [data, phone]);
  return { info: info ?? ESTABLISHMENT_FALLBACK, isFallback: !info, isLoading: query.isPending };
}
