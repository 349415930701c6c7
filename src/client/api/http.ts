import { apiErrorOf, fetchApi } from './fetch-api';

/** SPEC §3: the access token lives in local storage under this key. */
export const ACCESS_TOKEN_KEY = 'accessToken';

export function readAccessToken(): string | null {
  if (typeof window === 'undefined') return null;
  return window.localStorage.getItem(ACCESS_TOKEN_KEY);
}

export function writeAccessToken(token: string | null): void {
  if (typeof window === 'undefined') return;
  if (token) window.localStorage.setItem(ACCESS_TOKEN_KEY, token);
  else window.localStorage.removeItem(ACCESS_TOKEN_KEY);
}

/** A query's values: strings, numbers or booleans (an interface of them is accepted as it is). */
export type QueryParams = object;

export interface HttpRequest {
  url: string;
  method?: string;
  /** A plain object or array goes as JSON; a File, Blob or string goes as it is (with its own type). */
  data?: unknown;
  /** Empty values (undefined, null) are left out of the query string. */
  params?: QueryParams;
  headers?: Record<string, string>;
  /** 'blob' for a download; otherwise JSON (or nothing, for an empty answer). */
  responseType?: 'json' | 'blob';
}

export interface HttpResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** `url` with `params` in its query string, same origin. */
export function urlWithParams(url: string, params?: QueryParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {}) as Array<[string, unknown]>)
    if (value !== undefined && value !== null) query.append(key, String(value));
  const text = query.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

function isSentAsIs(data: unknown): data is BodyInit {
  return (
    typeof data === 'string' ||
    (typeof Blob !== 'undefined' && data instanceof Blob) ||
    (typeof FormData !== 'undefined' && data instanceof FormData) ||
    data instanceof ArrayBuffer ||
    data instanceof URLSearchParams
  );
}

/** JSON as the API answers; an empty answer is null, and any other text is given as it is. */
function parseAnswer(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The back office's one HTTP client, on the browser's `fetch` (axios was about 17 KB of every
 * page for what these lines do): the Bearer token from local storage, a 401 sends the user to
 * /login keeping the query, and every failure is one ApiError with the server's French message,
 * or the network's when no answer came.
 */
export async function request<T>({
  url,
  method = 'GET',
  data,
  params,
  headers = {},
  responseType = 'json',
}: HttpRequest): Promise<HttpResponse<T>> {
  const sent = new Headers(headers);
  const token = readAccessToken();
  if (token) sent.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (data !== undefined && data !== null) {
    if (isSentAsIs(data)) body = data;
    else {
      body = JSON.stringify(data);
      if (!sent.has('Content-Type')) sent.set('Content-Type', 'application/json');
    }
  }

  const response = await fetchApi(urlWithParams(url, params), { method, headers: sent, body });
  if (response.ok) {
    const answer = responseType === 'blob' ? await response.blob() : parseAnswer(await response.text());
    return { data: answer as T, status: response.status, headers: response.headers };
  }
  if (response.status === 401 && typeof window !== 'undefined' && window.location.pathname !== '/login') {
    writeAccessToken(null);
    window.location.assign(`/login${window.location.search}`);
  }
  throw await apiErrorOf(response);
}

/** The shorthands callers use: a read, and a write with its body. */
export const http = {
  get: <T>(url: string, options: Omit<HttpRequest, 'url' | 'method' | 'data'> = {}) =>
    request<T>({ ...options, url, method: 'GET' }),
  post: <T>(url: string, data?: unknown, options: Omit<HttpRequest, 'url' | 'method' | 'data'> = {}) =>
    request<T>({ ...options, url, method: 'POST', data }),
};
