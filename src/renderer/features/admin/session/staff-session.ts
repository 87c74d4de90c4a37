import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { staffCalls } from '@shared/api/staff.contract';
import type { StaffLoginBody, StaffMember, StaffSetupBody } from '@shared/api/staff.schema';
import { callApi } from '../../../shared/api/call-api';
import { httpStatus } from '../../../shared/api/error-message';
import { staffApi } from './staff-client';
import { clearStaffToken, getStaffToken, setStaffToken, subscribeStaffToken } from './staff-token';
import { queryKeys } from '../../../shared/api/query-keys';

export function useStaffToken(): string | null {
  return useSyncExternalStore(subscribeStaffToken, getStaffToken, getStaffToken);
}

export const staffSessionKey = queryKeys.staff.session;

/** GET /v1/staff/auth/me: the staff member behind the stored token, or null without one. */
async function fetchStaffMe(): Promise<StaffMember | null> {
  if (!getStaffToken()) return null;
  try {
    return (await callApi(staffApi, staffCalls.me, {})).data.staff;
  } catch (error) {
    // A token the server refuses is dropped (the interceptor already did so for a 401).
    if (httpStatus(error) === 403) clearStaffToken();
    throw error;
  }
}

export interface StaffSession {
  isLoading: boolean;
  staff: StaffMember | null;
  isAdmin: boolean;
}

export function useStaffSession(): StaffSession {
  const token = useStaffToken();
  const query = useQuery(
    queryOptions({ queryKey: staffSessionKey(token), queryFn: fetchStaffMe, retry: false, staleTime: 5 * 60_000 }),
  );
  const staff = token ? (query.data ?? null) : null;
  return { isLoading: Boolean(token) && query.isPending, staff, isAdmin: staff?.role === 'admin' };
}

export function useStaffLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: StaffLoginBody) => (await callApi(staffApi, staffCalls.login, { body })).data,
    onSuccess: ({ token, staff }) => {
      queryClient.removeQueries({ queryKey: queryKeys.staff.all });
      queryClient.setQueryData(staffSessionKey(token), staff);
      setStaffToken(token);
    },
  });
}

/** GET /v1/staff/auth/setup/{token}: whether the first-admin link printed at start can still be used. */
export function useSetupLinkStatus(token: string) {
  return useQuery({
    queryKey: queryKeys.staff.setupLink(token),
    queryFn: async () => (await callApi(staffApi, staffCalls.setupStatus, { params: { token } })).data.valid,
    enabled: token !== '',
    retry: false,
  });
}

/** POST /v1/staff/auth/setup: creates the first admin and logs them in. */
export function useStaffSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: StaffSetupBody) => (await callApi(staffApi, staffCalls.setup, { body })).data,
    onSuccess: ({ token, staff }) => {
      queryClient.setQueryData(staffSessionKey(token), staff);
      setStaffToken(token);
    },
  });
}

/**
 * Logout: the staff session ends on this device at once and the server revokes it in the
 * background (a failed revocation never keeps anyone logged in here).
 */
export function useStaffLogout(): () => void {
  const queryClient = useQueryClient();
  return () => {
    const token = getStaffToken();
    clearStaffToken();
    queryClient.removeQueries({ queryKey: queryKeys.staff.all });
    if (token) {
      void callApi(staffApi, staffCalls.logout, {}, { headers: { Authorization: `Bearer ${token}` } }).catch(
        () => undefined,
      );
    }
  };
}
