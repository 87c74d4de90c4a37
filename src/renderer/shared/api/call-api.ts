import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import { callPath, redirectsOn401, type CallDefinition, type CallInput, type CallResponse } from '@shared/api/contract';

/**
 * Calls the API through a call definition (src/shared/api/contract.ts): the URL, the method and
 * whether a 401 ends the session come from the definition, never from a string written here.
 * In development and tests the answer is parsed with the call's response schema, so that a server
 * and a renderer that disagree fail loudly; production builds trust the server and skip the cost.
 */

/** Development builds and vitest parse answers; `vite build` replaces this with false. */
const PARSE_RESPONSES = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** Read by the client's 401 interceptor (client.ts). */
export interface CallRequestConfig extends AxiosRequestConfig {
  redirectOn401?: boolean;
}

/** The definition's path for an axios instance whose base URL already ends in /api. */
function relativeUrl(call: CallDefinition, params: unknown): string {
  const path = callPath(call, params as Record<string, unknown> | undefined);
  return path.startsWith('/api/') ? path.slice('/api'.length) : path;
}

/**
 * `config` is axios's own (headers, `responseType`, ...). A multipart call has no body in its
 * definition: its FormData goes as `config.data` (the URL, method and 401 rule still come from
 * the definition).
 */
export async function callApi<C extends CallDefinition>(
  client: AxiosInstance,
  call: C,
  input: CallInput<C>,
  config: AxiosRequestConfig = {},
): Promise<CallResponse<C>> {
  const { params, query, body } = input as { params?: unknown; query?: unknown; body?: unknown };
  const request: CallRequestConfig = {
    ...config,
    method: call.method,
    url: relativeUrl(call, params),
    params: query,
    data: body !== undefined ? body : config.data,
    redirectOn401: redirectsOn401(call),
  };
  const response = await client.request<unknown>(request);
  if (PARSE_RESPONSES && call.response && config.responseType === undefined) {
    const parsed = call.response.safeParse(response.data);
    if (!parsed.success) {
      throw new Error(`Réponse inattendue de ${call.method} ${call.path} : ${parsed.error.message}`);
    }
    return parsed.data as CallResponse<C>;
  }
  return response.data as CallResponse<C>;
}

/** The absolute URL of a call (a link to download, a page to print), with the host given. */
export function callUrl<C extends CallDefinition>(host: string, call: C, params?: CallInput<C>['params']): string {
  return `${host}${callPath(call, params as Record<string, unknown> | undefined)}`;
}

/**
 * Whether a 401 answer ends the session: the call definition says so (`redirectOn401`); a
 * request made without a definition ends it.
 */
export function endsSession(config: AxiosRequestConfig | undefined): boolean {
  return (config as CallRequestConfig | undefined)?.redirectOn401 ?? true;
}
