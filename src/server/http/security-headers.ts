import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { getEnv } from '../env';

/**
 * Every answer under /api that is not next-auth's carries these (next.config.mjs only reaches what
 * Next answers: pages and next-auth). An API answer is data, never a page: nothing may frame it or
 * run from it, a browser must not guess it is HTML, and what it says about a shop is kept by no
 * cache unless the route sets its own Cache-Control (the OpenAPI document does).
 */
export const API_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  // API URLs carry ids (payments, shops); where an answer leads (the payment return's redirect)
  // is our own page, which needs no referrer.
  ['Referrer-Policy', 'no-referrer'],
  ['Cache-Control', 'no-store'],
];

/**
 * HSTS, for an answer served over https only (a browser ignores it over http, and localhost must
 * stay reachable in plain http): https reached directly, or through a trusted proxy that says so.
 */
export function strictTransportSecurity(req: IncomingMessage): string | null {
  const direct = (req.socket as TLSSocket | undefined)?.encrypted === true;
  const proxied =
    getEnv().TRUST_PROXY &&
    String(req.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      ?.trim() === 'https';
  return direct || proxied ? 'max-age=31536000; includeSubDomains' : null;
}
