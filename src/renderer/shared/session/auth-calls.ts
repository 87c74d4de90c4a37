import { loadCalls } from '../api/load-api';

/**
 * The client and the customer-auth definitions, loaded by the first call rather than with the
 * page (shared/api/load-api.ts): the session check runs on every pre-rendered page.
 */
export async function authCalls() {
  const { api, contract } = await loadCalls(() => import('@shared/api/auth.contract'));
  return { api, calls: contract.customerAuthCalls };
}
