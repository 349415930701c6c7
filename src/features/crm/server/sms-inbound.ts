import type { IncomingMessage, ServerResponse } from 'node:http';
import { getDb } from '@/server/db';
import { defineRawRoute } from '@/server/http/define-route';
import { getLogger } from '@/server/logger';
import { toE164 } from '@/shared/phone';
import { normalizeForSearch } from '@/shared/search';
import { withdrawConsentEverywhere } from '@/features/customer/server/sms-consent';
import { answer, gatewayCallbackBody } from './gateway-callback';

/** « STOP », « Stop pub », « ARRET », « arrêt » — a reply that is only that, whatever its case and accents. */
export function isStopReply(text: string): boolean {
  const words = normalizeForSearch(text)
    .replace(/[^a-z]+/g, ' ')
    .trim();
  return ['stop', 'stop pub', 'arret', 'arret pub', 'stop sms', 'desabonner', 'desinscrire'].includes(words);
}

/**
 * The SMS gateway's replies: `{ from, text }` with the shared secret in `x-comptoir-secret`. A
 * STOP withdraws the number's SMS consent at once, in every shop; messages already queued for it
 * are then skipped (the campaign job checks consent at the last moment).
 */
export async function handleSmsInbound(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await gatewayCallbackBody(req, res);
  if (!body) return;
  if (typeof body.from !== 'string' || typeof body.text !== 'string')
    return answer(res, 422, { error: 'Corps attendu : { "from": "+221…", "text": "…" }.' });
  const phone = toE164(body.from, 'SN');
  if (!phone) return answer(res, 422, { error: 'Numéro de l’expéditeur (from) invalide.' });
  if (!isStopReply(body.text)) return answer(res, 200, { stop: false });
  const withdrawn = await withdrawConsentEverywhere(getDb(), phone);
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
