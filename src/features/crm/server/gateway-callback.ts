import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getEnv } from '@/server/env';

/*
 * What the SMS gateway calls back (its replies, its delivery reports): JSON bodies signed by the
 * secret shared with it (`SMS_INBOUND_SECRET`, header x-comptoir-secret).
 */

const MAX_BYTES = 16 * 1024;

export function answer(res: ServerResponse, status: number, body: object): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

function sameSecret(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The callback's JSON body once its method and secret are checked; null when it was answered
 * already (405, 503 without a secret configured, 401, 422 for a body that is not JSON).
 */
export async function gatewayCallbackBody(
  req: IncomingMessage,
  res: ServerResponse,
): Promise<Record<string, unknown> | null> {
  if (req.method !== 'POST') {
    answer(res, 405, { error: 'Méthode non autorisée.' });
    return null;
  }
  const secret = getEnv().SMS_INBOUND_SECRET?.trim();
  if (!secret) {
    answer(res, 503, {
      error: 'Les rappels de la passerelle SMS ne sont pas configurés (SMS_INBOUND_SECRET).',
    });
    return null;
  }
  const given = req.headers['x-comptoir-secret'];
  if (!sameSecret(Array.isArray(given) ? given[0] : given, secret)) {
    answer(res, 401, { error: 'Secret de la passerelle absent ou invalide.' });
    return null;
  }
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BYTES) {
      answer(res, 413, { error: 'Corps trop long.' });
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  try {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    /* answered below */
  }
  answer(res, 422, { error: 'Corps JSON attendu.' });
  return null;
}
