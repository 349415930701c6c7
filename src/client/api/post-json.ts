import { apiErrorOf, fetchApi } from './fetch-api';

/**
 * A POST for the light pages (sign-in): no token to send and no 401 to follow there, unlike the
 * back office's client (http.ts). Failures come back as the same ApiError, with the server's
 * French message.
 */
export async function postJson<T>(url: string, body: unknown): Promise<T> {
  const response = await fetchApi(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await apiErrorOf(response);
  return (await response.json().catch(() => null)) as T;
}
