import type { AxiosInstance } from 'axios';

/**
 * The API client, loaded with axios (about 21 KiB gzip) by the first call instead of with the
 * page: the pre-rendered public pages hydrate without it, and their first refresh fetches it
 * right after (docs/decisions.md, performance rule 2). Modules of the public pages' first
 * render call the API through this; the others may import `api` from './client' directly.
 */
export async function loadApi(): Promise<AxiosInstance> {
  return (await import('./client')).api;
}

/**
 * The API client and a module of call definitions, loaded together by the first call: the
 * definitions carry their zod schemas (about 25 KiB gzip with zod), which the public pages'
 * first render does not need either.
 *   const { api, contract } = await loadCalls(() => import('@shared/api/public.contract'));
 *   await callApi(api, contract.publicCalls.establishmentInfo, {});
 */
export async function loadCalls<T>(loadContract: () => Promise<T>): Promise<{ api: AxiosInstance; contract: T }> {
  const [api, contract] = await Promise.all([loadApi(), loadContract()]);
  return { api, contract };
}
