import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';

/**
 * A POST for the light pages (sign-in), with `fetch` rather than the back office's axios instance
 * (src/client/api/http.ts): no token to send and no 401 to follow there, and axios would be most of
 * the page's script. Failures come back as the same ApiError, with the server's French message.
 */
export async function postJson<T>(url: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  const data: unknown = await response.json().catch(() => null);
  if (response.ok) return data as T;
  const error = (data as { error?: { code?: string; message?: string; details?: Record<string, string> } })
    ?.error;
  throw new ApiError(
    response.status,
    error?.code ?? 'HTTP_ERROR',
    error?.message ?? NETWORK_ERROR_MESSAGE,
    error?.details,
  );
}
