import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerAuthCalls } from '@shared/api/auth.contract';
import type {
  DeleteAccountBody,
  ForgotPasswordBody,
  LoginBody,
  LoginLinkBody,
  RegisterBody,
  ResetPasswordBody,
  UpdateProfileBody,
} from '@shared/api/auth.schema';
import type { Customer } from '@shared/api/customer.schema';
import { ESTABLISHMENT_ID } from '@shared/constants';
import { callApi } from '../api/call-api';
import { api } from '../api/client';
import { clearAuthToken, getAuthToken, setAuthToken } from './auth-token';
import { sessionQueryKey } from './use-session';

/** Account calls of SPEC.md §7 (customer-auth), shared by the auth pages, the wizard and the dashboard. */
export async function login(body: Omit<LoginBody, 'establishment_id'>) {
  const answer = await callApi(api, customerAuthCalls.login, { body: { ...body, establishment_id: ESTABLISHMENT_ID } });
  return answer.data;
}

/** The direct login link of the temporary-password e-mail (one use, restricted session). */
export async function loginWithLink(body: Omit<LoginLinkBody, 'establishment_id'>) {
  const answer = await callApi(api, customerAuthCalls.loginLink, {
    body: { ...body, establishment_id: ESTABLISHMENT_ID },
  });
  return answer.data;
}

export async function register(body: Omit<RegisterBody, 'establishment_id'>) {
  const answer = await callApi(api, customerAuthCalls.register, {
    body: { ...body, establishment_id: ESTABLISHMENT_ID },
  });
  return answer.data;
}

export async function forgotPassword(body: Omit<ForgotPasswordBody, 'establishment_id'>) {
  return callApi(api, customerAuthCalls.forgotPassword, { body: { ...body, establishment_id: ESTABLISHMENT_ID } });
}

export async function resetPassword(body: ResetPasswordBody) {
  const answer = await callApi(api, customerAuthCalls.changePassword, { body });
  return answer.data.customer;
}

export async function updateProfile(body: UpdateProfileBody) {
  const answer = await callApi(api, customerAuthCalls.updateProfile, { body });
  return answer.data.customer;
}

export async function deleteAccount(body: DeleteAccountBody) {
  return callApi(api, customerAuthCalls.deleteAccount, { body });
}

/** Stores the new session and primes the session query so guards see the user at once. */
function useStartSession() {
  const queryClient = useQueryClient();
  return (token: string, customer: Customer) => {
    queryClient.setQueryData(sessionQueryKey(token), customer);
    setAuthToken(token);
  };
}

export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token, customer }) => startSession(token, customer),
  });
}

export function useLoginLink() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: loginWithLink,
    onSuccess: ({ token, customer }) => startSession(token, customer),
  });
}

export function useRegister() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ token, customer }) => startSession(token, customer),
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

/** Keeps the cached session user in step with what the server returned. */
function useSetSessionUser() {
  const queryClient = useQueryClient();
  return (customer: Customer) => queryClient.setQueryData(sessionQueryKey(getAuthToken()), customer);
}

export function useResetPassword() {
  const setUser = useSetSessionUser();
  return useMutation({ mutationFn: resetPassword, onSuccess: setUser });
}

export function useUpdateProfile() {
  const setUser = useSetSessionUser();
  return useMutation({ mutationFn: updateProfile, onSuccess: setUser });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      clearAuthToken();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'public' });
    },
  });
}
