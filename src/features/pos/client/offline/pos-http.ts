import { ApiError, NETWORK_ERROR_MESSAGE } from '@/client/api/api-error';
import { apiErrorOf, fetchApi } from '@/client/api/fetch-api';
import { urlWithParams } from '@/client/api/http';
import { metaKey, writeMeta } from './db';
import type { TillIdentity } from './types';
import type { EmbeddedTillBoot } from '../../pos.schemas';
import { RenewalTimer } from '@/client/session/token-renewal';

/**
 * The till's own HTTP client. Unlike the back office's (http.ts) it never clears the token or
 * leaves the page on its own: offline, next-auth reports « unauthenticated » and the shared client
 * would send a cashier with unsent sales to /login. Here only the server saying so, online, counts:
 * a 401 is answered by asking next-auth for a fresh token, and only a session that is really gone
 * ends the till's sign-in.
 */

const REQUEST_TIMEOUT_MS = 20_000;
/** Tokens count as expired 30 s early (SPEC §9). */
const EXPIRY_MARGIN_SECONDS = 30;

let current: { token: string; expiresAt: number | null } | null = null;
let refreshing: Promise<SessionProbe> | null = null;
let onSignedOut: () => void = () => {};

export type SessionProbe = 'ok' | 'signed-out' | 'offline';

/**
 * Renews the token 5 minutes before it expires, backing off while the network is down (SPEC §9's
 * rule, token-renewal.ts), so a sale made in a quiet hour does not wait on a renewal first.
 */
const renewal = new RenewalTimer(async () => {
  const probe = await refreshTillToken();
  if (probe === 'signed-out') onSignedOut();
  return probe === 'ok';
});

export function setTillToken(identity: Pick<TillIdentity, 'accessToken' | 'accessTokenExpiresAt'> | null) {
  current = identity ? { token: identity.accessToken, expiresAt: identity.accessTokenExpiresAt } : null;
  if (typeof window !== 'undefined' && current?.expiresAt) renewal.schedule(current.expiresAt * 1000);
  else renewal.stop();
}

export function hasTillToken(): boolean {
  return current !== null;
}

/** What to do when the server, reachable, says this sign-in is over. */
export function onTillSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

/** next-auth's session answer, as much of it as the till keeps. */
type SessionAnswer = EmbeddedTillBoot['session'];

export function identityFromSession(session: SessionAnswer): TillIdentity | null {
  if (!session.user || !session.accessToken) return null;
  return {
    userId: session.user.id,
    phone: session.user.phone,
    name: session.user.name,
    accessToken: session.accessToken,
    accessTokenExpiresAt: session.accessTokenExpiresAt ?? null,
    savedAt: new Date().toISOString(),
  };
}

export async function saveIdentity(identity: TillIdentity): Promise<void> {
  setTillToken(identity);
  await writeMeta(metaKey.identity(), identity);
}

/** Takes a session answer the page came with (its API token is the till's from now on). */
export async function adoptSession(session: SessionAnswer): Promise<SessionProbe> {
  const identity = identityFromSession(session);
  if (!identity) return 'signed-out';
  await saveIdentity(identity);
  return 'ok';
}

/** Asks next-auth for the session (and a fresh API token) without its broadcast to other tabs. */
export function refreshTillToken(): Promise<SessionProbe> {
  refreshing ??= (async (): Promise<SessionProbe> => {
    try {
      const response = await fetch('/api/auth/session', { credentials: 'same-origin', cache: 'no-store' });
      if (!response.ok) return 'offline';
      return await adoptSession((await response.json()) as SessionAnswer);
    } catch {
      return 'offline';
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

function isExpired(): boolean {
  return !!current?.expiresAt && current.expiresAt - EXPIRY_MARGIN_SECONDS < Date.now() / 1000;
}

interface RequestOptions {
  params?: Record<string, string | number | undefined>;
  body?: unknown;
}

/** A refusal in French: the server's words, or what a till can say of an answer without them. */
async function toError(response: Response): Promise<ApiError> {
  const error = await apiErrorOf(response, 'Le serveur n’a pas pu répondre. Réessayez dans un instant.');
  // An answer without words of its own: a server too old to know this call.
  if (response.status === 404 && error.code === 'HTTP_ERROR')
    return new ApiError(404, 'NOT_FOUND', 'Ce service n’est pas encore disponible sur le serveur.');
  return error;
}

function send(method: 'GET' | 'POST', url: string, body: unknown): Promise<Response> {
  return fetchApi(
    url,
    {
      method,
      cache: 'no-store',
      headers: {
        ...(current ? { Authorization: `Bearer ${current.token}` } : {}),
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    },
    REQUEST_TIMEOUT_MS,
  );
}

export async function posRequest<T>(
  method: 'GET' | 'POST',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  // An empty value is no filter: left out, as an undefined one.
  const params = Object.entries(options.params ?? {}).filter(([, value]) => value !== '');
  const url = urlWithParams(path, Object.fromEntries(params));
  if (isExpired()) await refreshTillToken();
  let response = await send(method, url, options.body);
  if (response.status === 401) {
    const probe = await refreshTillToken();
    if (probe === 'signed-out') {
      onSignedOut();
      throw await toError(response);
    }
    if (probe === 'offline') throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
    response = await send(method, url, options.body);
    if (response.status === 401) onSignedOut();
  }
  if (!response.ok) throw await toError(response);
  return (await response.json()) as T;
}

export const posGet = <T>(path: string, params?: RequestOptions['params']) =>
  posRequest<T>('GET', path, { params });
export const posPost = <T>(path: string, body: unknown) => posRequest<T>('POST', path, { body });
