import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { staffCalls } from '@shared/api/staff.contract';
import type { StaffLoginBody, StaffMember, StaffSetupBody } from '@shared/api/staff.schema';
import { callApi } from '@renderer/shared/api/call-api';
import { httpStatus } from '@renderer/shared/api/error-message';
import { staffQueryKeys } from '@renderer/shared/api/staff-query-keys';
import { staffApi } from '../staff-client';
import { clearStaffToken, getStaffToken, setStaffToken, subscribeStaffToken } from '../staff-token';

/**
 * The staff session, one resource: who is logged in (me), login, the first-admin setup link and
 * setup, logout. The token itself is kept by staff-token.ts, the client by staff-client.ts.
 */
export function useStaffToken(): string | null {
  return useSyncExternalStore(subscribeStaffToken, getStaffToken, getStaffToken);
}

export const staffSessionKey = staffQueryKeys.session;

/** GET /v1/staff/auth/me: the staff member behind the stored token, or null without one. */
export async function getStaffMe(): Promise<StaffMember | null> {
  if (!getStaffToken()) return null;
  try {
    return (await callApi(staffApi, staffCalls.me, {})).data.staff;
  } catch (error) {
    // A token the server refuses is dropped (the interceptor already did so for a 401).
    if (httpStatus(error) === 403) clearStaffToken();
    throw error;
  }
}

export const staffSessionQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: staffSessionKey(token), queryFn: getStaffMe, retry: false, staleTime: 5 * 60_000 });

export interface StaffSession {
  isLoading: boolean;
  staff: StaffMember | null;
  isAdmin: boolean;
}

export function useStaffSession(): StaffSession {
  const token = useStaffToken();
  const query = useQuery(staffSessionQueryOptions(token));
  const staff = token ? (query.data ?? null) : null;
  return { isLoading: Boolean(token) && query.isPending, staff, isAdmin: staff?.role === 'admin' };
}

export async function staffLogin(body: StaffLoginBody) {
  return (await callApi(staffApi, staffCalls.login, { body })).data;
}

export function useStaffLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: staffLogin,
    onSuccess: ({ token, staff }) => {
      queryClient.removeQueries({ queryKey: staffQueryKeys.all });
      queryClient.setQueryData(staffSessionKey(token), staff);
      setStaffToken(token);
    },
  });
}

/** GET /v1/staff/auth/setup/{token}: whether the first-admin link printed at start can still be used. */
export async function getSetupLinkStatus(token: string) {
  return (await callApi(staffApi, staffCalls.setupStatus, { params: { token } })).data.valid;
}

export const setupLinkStatusQueryOptions = (token: string) =>
  queryOptions({
    queryKey: staffQueryKeys.setupLink(token),
    queryFn: () => getSetupLinkStatus(token),
    enabled: token !== '',
    retry: false,
  });

export function useSetupLinkStatus(token: string) {
  return useQuery(setupLinkStatusQueryOptions(token));
}

/** POST /v1/staff/auth/setup: creates the first admin and logs them in. */
export async function setupFirstAdmin(body: StaffSetupBody) {
  return (await callApi(staffApi, staffCalls.setup, { body })).data;
}

export function useStaffSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setupFirstAdmin,
    onSuccess: ({ token, staff }) => {
      queryClient.setQueryData(staffSessionKey(token), staff);
      setStaffToken(token);
    },
  });
}

/** POST /v1/staff/auth/logout with the token being dropped (revoked on the server). */
export async function staffLogout(token: string) {
  return callApi(staffApi, staffCalls.logout, {}, { headers: { Authorization: `Bearer ${token}` } });
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
    queryClient.removeQueries({ queryKey: staffQueryKeys.all });
    if (token) {
      void staffLogout(token).catch(() => undefined);
    }
  };
}
