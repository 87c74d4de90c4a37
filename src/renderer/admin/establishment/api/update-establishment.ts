import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCatalogueCalls } from '@shared/api/staff-catalogue.contract';
import type { EstablishmentUpdateBody } from '@shared/api/staff.schema';
import { callApi } from '@renderer/shared/api/call-api';
import { establishmentInfoQueryOptions } from '@renderer/shared/api/establishment';
import { staffApi } from '@renderer/admin/session/staff-client';

/** PUT the park's public details (name, address, contact). */
export async function updateEstablishment(body: EstablishmentUpdateBody) {
  return callApi(staffApi, staffCatalogueCalls.establishment, { body });
}

export function useUpdateEstablishment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEstablishment,
    // The footer, the legal pages and the contact page read the public query: they follow at once.
    onSuccess: ({ data }) => queryClient.setQueryData(establishmentInfoQueryOptions().queryKey, data),
  });
}
