import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getDb } from '@/server/db';
import { getEnv } from '@/server/env';
import { defineRawRoute } from '@/server/http/define-route';
import { getLogger } from '@/server/logger';
import { toE164 } from '@/shared/phone';
import { normalizeForSearch } from '@/shared/search';
import { withdrawSmsConsentEverywhere } from '@/features/customer/server/sms-consent';

const MAX_BYTES = 16 * 1024;

/** « STOP », « Stop pub », « ARRET », « arrêt » — a reply that is only that, whatever its case and accents. */
export function isStopReply(text: string): boolean {
  const words = normalizeForSearch(text)
    .replace(/[^a-z]+/g, ' ')
    .trim();
  return ['stop', 'stop pub', 'arret', 'arret pub', 'stop sms', 'desabonner', 'desinscrire'].includes(words);
}

function answer(res: ServerResponse, status: number, body: object): void {
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

async function readJson(req: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * The SMS gateway's replies: `{ from, text }` with the shared secret in `x-comptoir-secret`. A
 * STOP withdraws the number's SMS consent at once, in every shop; messages already queued for it
 * are then skipped (the campaign job checks consent at the last moment).
 */
export async function handleSmsInbound(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST') return answer(res, 405, { error: 'Méthode non autorisée.' });
  const secret = getEnv().SMS_INBOUND_SECRET?.trim();
  if (!secret)
    return answer(res, 503, { error: 'La réception des SMS n’est pas configurée (SMS_INBOUND_SECRET).' });
  const given = req.headers['x-comptoir-secret'];
  if (!sameSecret(Array.isArray(given) ? given[0] : given, secret))
    return answer(res, 401, { error: 'Secret de la passerelle absent ou invalide.' });
  const body = (await readJson(req)) as { from?: unknown; text?: unknown } | null;
  if (!body || typeof body.from !== 'string' || typeof body.text !== 'string')
    return answer(res, 422, { error: 'Corps attendu : { "from": "+221…", "text": "…" }.' });
  const phone = toE164(body.from, 'SN');
  if (!phone) return answer(res, 422, { error: 'Numéro de l’expéditeur (from) invalide.' });
  if (!isStopReply(body.text)) return answer(res, 200, { stop: false });
  const withdrawn = await withdrawSmsConsentEverywhere(getDb(), phone);
  getLogger().info({ withdrawn }, 'SMS consent withdrawn by a STOP reply');
  answer(res, 200, { stop: true, withdrawn });
}

export const smsInboundRoute = defineRawRoute({
  methods: ['POST'],
  path: '/api/sms/inbound',
  tag: 'crm',
  summary:
    'Réponses SMS transmises par la passerelle ({ from, text }, secret partagé dans x-comptoir-secret) : « STOP », « STOP PUB » ou « ARRET » retire aussitôt l’accord SMS de ce numéro dans toutes les boutiques.',
  handler: handleSmsInbound,
});
