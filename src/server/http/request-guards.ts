import type { IncomingMessage } from 'node:http';
import { AppError, Errors } from './errors';
import { describeDetails } from '@/shared/validation';

/**
 * What any request must pass before a route reads it, in one place so no route can forget it:
 * text the database cannot store, the caller's address behind a proxy, and writes forged by
 * another site riding on the session cookie.
 */

const NUL = '\u0000';
// A high surrogate not followed by a low one, or a low one not preceded by a high one: half a
// character, which PostgreSQL refuses to store (and JSON.parse lets through from `\ud800`).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function isMalformed(text: string): boolean {
  return text.includes(NUL) || LONE_SURROGATE.test(text);
}

/**
 * Refuses, with a 422 naming each field, any string (or object key) holding a NUL character or half
 * of a UTF-16 pair, however deep in the value: the database cannot store them, and a route that
 * tried would answer 500. Paths read as the validation details do (`lines.0.name`).
 */
export function assertWellFormedText(value: unknown, path = ''): void {
  const details: Record<string, string> = {};
  const visit = (node: unknown, at: string) => {
    if (typeof node === 'string') {
      if (isMalformed(node)) details[at || '_'] = 'Ce texte contient un caractère non autorisé.';
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, at ? `${at}.${i}` : String(i)));
    } else if (node && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        const where = at ? `${at}.${key}` : key;
        if (isMalformed(key)) details[at || '_'] = 'Un nom de champ contient un caractère non autorisé.';
        else visit(item, where);
      }
    }
  };
  visit(value, path);
  if (Object.keys(details).length) throw Errors.validation(details, describeDetails(details));
}

/**
 * The caller's address. Behind a trusted proxy it is the right-most `X-Forwarded-For` entry: the
 * one our proxy appended. Entries to its left were written by the client and prove nothing (a
 * client naming a new address in each request would otherwise dodge every per-address limit).
 */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const header = req.headers['x-forwarded-for'];
    const entries = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const last = entries.at(-1);
    if (last) return last;
  }
  return req.socket?.remoteAddress ?? 'unknown';
}

const CROSS_SITE = new AppError(
  'CROSS_SITE_REQUEST',
  403,
  'Requête refusée : elle ne vient pas de l’application. Rechargez la page et réessayez.',
);

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/**
 * A write authenticated by the session cookie only (no Bearer token) must come from our own pages:
 * a JSON body, which another site cannot send without a CORS preflight we never grant, and no sign
 * of another origin (`Sec-Fetch-Site`, else `Origin`). A Bearer call carries a token another site
 * cannot read, so it needs neither.
 */
export function assertSameSiteWrite(req: IncomingMessage, options: { expectsJson: boolean }): void {
  if (req.method === 'GET' || req.method === 'HEAD') return;
  if (req.headers.authorization?.startsWith('Bearer ')) return;
  if (!/(^|;\s*)(__Secure-)?next-auth\.session-token(\.\d+)?=/.test(req.headers.cookie ?? '')) return;
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') throw CROSS_SITE;
  const origin = req.headers.origin;
  if (origin && origin !== 'null' && hostOf(origin) !== req.headers.host) throw CROSS_SITE;
  if (origin === 'null') throw CROSS_SITE;
  if (options.expectsJson && !isJson(req))
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      415,
      'Le corps de la requête doit être envoyé en JSON (Content-Type : application/json).',
    );
}

function isJson(req: IncomingMessage): boolean {
  const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json' || (type?.startsWith('application/') && type.endsWith('+json')) === true;
}
