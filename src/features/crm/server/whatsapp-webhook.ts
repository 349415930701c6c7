import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getDb } from '@/server/db';
import { getEnv } from '@/server/env';
import { defineRawRoute } from '@/server/http/define-route';
import { getLogger } from '@/server/logger';
import { withdrawConsentEverywhere } from '@/features/customer/server/sms-consent';
import { answer } from './gateway-callback';
import { isStopReply } from './sms-inbound';
import { recordDelivery } from './sms-status';

const MAX_BYTES = 256 * 1024;

/** Meta's call, as far as the CRM reads it: the messages clients send, the statuses of ours. */
interface WebhookBody {
  entry?: Array<{
    changes?: Array<{
      value?: {
        messages?: Array<{ from?: string; type?: string; text?: { body?: string } }>;
        statuses?: Array<{ id?: string; status?: string; errors?: Array<{ title?: string }> }>;
      };
    }>;
  }>;
}

function signedBy(raw: Buffer, header: string | undefined, secret: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Meta's webhook for the WhatsApp number Comptoir sends from. GET: the subscription check (the
 * verify token echoed back). POST, signed with the app secret (X-Hub-Signature-256): a « STOP »
 * withdraws that number's WhatsApp consent in every shop at once, and the statuses of the
 * campaigns' messages are their delivery reports.
 */
export async function handleWhatsappWebhook(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const env = getEnv();
  if (req.method === 'GET') {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const token = env.WHATSAPP_VERIFY_TOKEN?.trim();
    if (
      !token ||
      url.searchParams.get('hub.mode') !== 'subscribe' ||
      url.searchParams.get('hub.verify_token') !== token
    )
      return answer(res, 403, { error: 'Jeton de vérification absent ou invalide.' });
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end(url.searchParams.get('hub.challenge') ?? '');
    return;
  }
  if (req.method !== 'POST') return answer(res, 405, { error: 'Méthode non autorisée.' });
  const secret = env.WHATSAPP_APP_SECRET?.trim();
  if (!secret)
    return answer(res, 503, { error: 'Le webhook WhatsApp n’est pas configuré (WHATSAPP_APP_SECRET).' });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BYTES) return answer(res, 413, { error: 'Corps trop long.' });
    chunks.push(chunk as Buffer);
  }
  const raw = Buffer.concat(chunks);
  const signature = req.headers['x-hub-signature-256'];
  if (!signedBy(raw, Array.isArray(signature) ? signature[0] : signature, secret))
    return answer(res, 401, { error: 'Signature absente ou invalide.' });
  let body: WebhookBody;
  try {
    body = JSON.parse(raw.toString('utf8')) as WebhookBody;
  } catch {
    return answer(res, 422, { error: 'Corps JSON attendu.' });
  }
  let withdrawn = 0;
  let reports = 0;
  for (const change of (body.entry ?? []).flatMap((e) => e.changes ?? [])) {
    for (const message of change.value?.messages ?? [])
      if (message.type === 'text' && message.from && isStopReply(message.text?.body ?? ''))
        withdrawn += await withdrawConsentEverywhere(
          getDb(),
          `+${message.from.replace(/\D/g, '')}`,
          'whatsapp',
        );
    for (const status of change.value?.statuses ?? [])
      if (
        status.id &&
        status.status &&
        (await recordDelivery(status.id, status.status, status.errors?.[0]?.title ?? null))
      )
        reports++;
  }
  if (withdrawn) getLogger().info({ withdrawn }, 'WhatsApp consent withdrawn by a STOP reply');
  answer(res, 200, { withdrawn, reports });
}

export const whatsappWebhookRoute = defineRawRoute({
  methods: ['GET', 'POST'],
  path: '/api/whatsapp/webhook',
  tag: 'crm',
  summary:
    'Webhook de Meta pour le numéro WhatsApp de Comptoir : vérification de l’abonnement (GET), puis messages et statuts signés (X-Hub-Signature-256) ; « STOP » retire l’accord WhatsApp de ce numéro dans toutes les boutiques, les statuts sont les accusés de remise des campagnes.',
  handler: handleWhatsappWebhook,
});
