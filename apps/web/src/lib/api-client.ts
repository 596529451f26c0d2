import { env } from '@/env.ts';
import { ApiError, NetworkError, toApiError } from './api-error.ts';
import { getToken } from './auth-token.ts';

type QueryValue = string | number | boolean | undefined | null;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Parameters left undefined or null are not sent. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Public endpoints (`/public-config`, `/health`) are called without a token. */
  authenticated?: boolean;
};

function urlOf(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${env.apiBaseUrl}${path}${search ? `?${search}` : ''}`;
}

async function send(
  path: string,
  options: RequestOptions,
  token: string | null,
  idempotencyKey: string | undefined,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(urlOf(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new NetworkError(error);
  }
}

async function tokenOrThrow(): Promise<string> {
  const token = await getToken();
  if (!token) throw new ApiError(401, 'UNAUTHENTICATED', 'No token available');
  return token;
}

/**
 * Calls the API with the bearer token. A 401 gets exactly one retry with a freshly fetched token; when
 * that refresh fails the failure is logged and the original error is passed on (spec core.md §4).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const authenticated = options.authenticated ?? true;
  // One key per create, kept for its retry: the server answers a repeat with the first answer and writes once.
  const idempotencyKey = options.method === 'POST' ? crypto.randomUUID() : undefined;
  let response = await send(path, options, authenticated ? await tokenOrThrow() : null, idempotencyKey);

  if (response.status === 401 && authenticated) {
    const original = await toApiError(response);
    let freshToken: string | null;
    try {
      freshToken = await getToken({ forceRefresh: true });
      if (!freshToken) throw new Error('No token available');
    } catch (refreshError) {
      console.error('Could not refresh the API token after a 401 answer', refreshError);
      throw original;
    }
    response = await send(path, options, freshToken, idempotencyKey);
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T = void>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
