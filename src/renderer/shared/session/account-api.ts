import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AuthSessionResponse,
  CustomerResponse,
  DeleteAccountBody,
  ForgotPasswordBody,
  LoginBody,
  LoginLinkBody,
  MessageResponse,
  RegisterBody,
  ResetPasswordBody,
  UpdateProfileBody,
} from '@shared/api/auth.schema';
import type { Customer } from '@shared/api/customer.schema';
import { ESTABLISHMENT_ID } from '@shared/constants';
import { loadApi } from '../api/load-api';
import { clearAuthToken, getAuthToken, setAuthToken } from './auth-token';
import { sessionQueryKey } from './use-session';

/** Account calls of SPEC.md §7 (customer-auth), shared by the auth pages, the wizard and the dashboard. */
export async function login(body: Omit<LoginBody, 'establishment_id'>) {
  const api = await loadApi();
  const { data } = await api.post<AuthSessionResponse>('/v1/customer-auth/login', { ...body, establishment_id: ESTABLISHMENT_ID });
  return data.data;
}

/** The direct login link of the temporary-password e-mail (one use, restricted session). */
export async function loginWithLink(body: Omit<LoginLinkBody, 'establishment_id'>) {
  const api = await loadApi();
  const { data } = await api.post<AuthSessionResponse>('/v1/customer-auth/login-link', {
    ...body,
    establishment_id: ESTABLISHMENT_ID,
  });
  return data.data;
}

export async function register(body: Omit<RegisterBody, 'establishment_id'>) {
  const api = await loadApi();
  const { data } = await api.post<AuthSessionResponse>('/v1/customer-auth/register', {
    ...body,
    establishment_id: ESTABLISHMENT_ID,
  });
  return data.data;
}

export async function forgotPassword(body: Omit<ForgotPasswordBody, 'establishment_id'>) {
  const api = await loadApi();
  const { data } = await api.post<MessageResponse>('/v1/customer-auth/forgot-password', {
    ...body,
    establishment_id: ESTABLISHMENT_ID,
  });
  return data;
}

export async function resetPassword(body: ResetPasswordBody) {
  const api = await loadApi();
  const { data } = await api.put<CustomerResponse>('/v1/customer-auth/reset-password', body);
  return data.data.customer;
}

export async function updateProfile(body: UpdateProfileBody) {
  const api = await loadApi();
  const { data } = await api.put<CustomerResponse>('/v1/customer-auth/profile', body);
  return data.data.customer;
}

export async function deleteAccount(body: DeleteAccountBody) {
  const api = await loadApi();
  const { data } = await api.delete<MessageResponse>('/v1/customer-auth/account', { data: body });
  return data;
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
