import axios, { AxiosError } from 'axios';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';

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

/** The one axios instance: same origin, Bearer token, 401 → /login (query kept), one error type. */
export const http = axios.create({ baseURL: '/', timeout: 30_000 });

http.interceptors.request.use((config) => {
  const token = readAccessToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

http.interceptors.response.use(
  (response) => response,
  (error: AxiosError<{ error?: { code?: string; message?: string; details?: Record<string, string> } }>) => {
    const status = error.response?.status ?? 0;
    const body = error.response?.data?.error;
    if (status === 401 && typeof window !== 'undefined' && window.location.pathname !== '/login') {
      writeAccessToken(null);
      window.location.assign(`/login${window.location.search}`);
    }
    return Promise.reject(
      new ApiError(
        status,
        body?.code ?? (status ? 'HTTP_ERROR' : 'NETWORK_ERROR'),
        body?.message ?? NETWORK_ERROR_MESSAGE,
        body?.details,
      ),
    );
  },
);
