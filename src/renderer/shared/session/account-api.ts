import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  DeleteAccountBody,
  ForgotPasswordBody,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  UpdateProfileBody,
} from '@shared/api/auth.schema';
import type { Customer } from '@shared/api/customer.schema';
import { ESTABLISHMENT_ID } from '@shared/constants';
import { callApi } from '../api/call-api';
import { authCalls } from './auth-calls';
import { clearAuthToken, getAuthToken, setAuthToken } from './auth-token';
import { sessionQueryKey } from './use-session';

/** Account calls of SPEC.md §7 (customer-auth), shared by the auth pages, the wizard and the dashboard. */
export async function login(body: Omit<LoginBody, 'establishment_id'>) {
  const { api, calls } = await authCalls();
  const answer = await callApi(api, calls.login, { body: { ...body, establishment_id: ESTABLISHMENT_ID } });
  return answer.data;
}

export async function register(body: Omit<RegisterBody, 'establishment_id'>) {
  const { api, calls } = await authCalls();
  const answer = await callApi(api, calls.register, {
    body: { ...body, establishment_id: ESTABLISHMENT_ID },
  });
  return answer.data;
}

export async function forgotPassword(body: Omit<ForgotPasswordBody, 'establishment_id'>) {
  const { api, calls } = await authCalls();
  return callApi(api, calls.forgotPassword, { body: { ...body, establishment_id: ESTABLISHMENT_ID } });
}

export async function resetPassword(body: ResetPasswordBody) {
  const { api, calls } = await authCalls();
  const answer = await callApi(api, calls.changePassword, { body });
  return answer.data.customer;
}

export async function updateProfile(body: UpdateProfileBody) {
  const { api, calls } = await authCalls();
  const answer = await callApi(api, calls.updateProfile, { body });
  return answer.data.customer;
}

export async function deleteAccount(body: DeleteAccountBody) {
  const { api, calls } = await authCalls();
  return callApi(api, calls.deleteAccount, { body });
}

/**
 * A call that opens a session (login, login link, sign-up): its answer is stored as the new session
 * and primes the session query so guards see the user at once.
 */
function useSessionStartingMutation<Body, Answer extends { token: string; customer: Customer }>(
  mutationFn: (body: Body) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ token, customer }) => {
      queryClient.setQueryData(sessionQueryKey(token), customer);
      setAuthToken(token);
    },
  });
}

export function useLogin() {
  return useSessionStartingMutation(login);
}

export function useRegister() {
  return useSessionStartingMutation(register);
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
