import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffCatalogueCalls } from '@shared/api/staff-catalogue.contract';
import type { ParkSettingsBody } from '@shared/api/staff.schema';
import { callApi } from '@renderer/shared/api/call-api';
import { staffQueryKeys } from '@renderer/shared/api/staff-query-keys';
import { staffApi } from '@renderer/admin/session/staff-client';

/** The park's settings (the card deposit's ceiling): every team member reads them. */
export async function getParkSettings() {
  return (await callApi(staffApi, staffCatalogueCalls.settings, {})).data;
}

export const parkSettingsQueryOptions = () =>
  queryOptions({ queryKey: staffQueryKeys.settings(), queryFn: getParkSettings });

export function useParkSettings() {
  return useQuery(parkSettingsQueryOptions());
}

/** PUT the park's settings (admins). */
export async function updateParkSettings(body: ParkSettingsBody) {
  return callApi(staffApi, staffCatalogueCalls.updateSettings, { body });
}

export function useUpdateParkSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateParkSettings,
    onSuccess: ({ data }) => queryClient.setQueryData(parkSettingsQueryOptions().queryKey, data),
  });
}
