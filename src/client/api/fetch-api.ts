import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';

/** No answer within this long counts as a network failure (SPEC §9's 30 s). */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * `fetch` to our own API, as every client of it calls it (the back office's http.ts, the sign-in
 * pages' postJson, the till's pos-http): same origin, JSON asked for, 30 s at most unless told; no
 * answer at all is the network's ApiError, in French.
 */
export async function fetchApi(
  url: string,
  init: RequestInit,
  timeoutMs: number = REQUEST_TIMEOUT_MS,
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  try {
    return await fetch(url, {
      ...init,
      headers,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
}

/**
 * A refusal as one ApiError: the server's code, French message and per-field details; `fallback`
 * says it when the answer carries none (a proxy's page, say).
 */
export async function apiErrorOf(
  response: Response,
  fallback: string = NETWORK_ERROR_MESSAGE,
): Promise<ApiError> {
  const answer = (await response.json().catch(() => null)) as {
    error?: { code?: string; message?: string; details?: Record<string, string> };
  } | null;
  const error = answer?.error;
  return new ApiError(
    response.status,
    error?.code ?? 'HTTP_ERROR',
    error?.message ?? fallback,
    error?.details,
  );
}
