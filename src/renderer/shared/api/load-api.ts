import type { AxiosInstance } from 'axios';

/**
 * The API client, loaded with axios (about 21 KiB gzip) by the first call instead of with the
 * page: the pre-rendered public pages hydrate without it, and their first refresh fetches it
 * right after (issue 12, docs/decisions.md "Performance"). Modules of the public pages' first
 * render call the API through this; the others may import `api` from './client' directly.
 */
export async function loadApi(): Promise<AxiosInstance> {
  return (await import('./client')).api;
}
