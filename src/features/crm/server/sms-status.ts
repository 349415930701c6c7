import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import { getDb } from '@/server/db';
import { crmCampaignMessages } from '@/server/db/schema/crm';
import { defineRawRoute } from '@/server/http/define-route';
import { answer, gatewayCallbackBody } from './gateway-callback';

/** The words providers use for a final state, lower-cased: delivered, or not (and then why). */
const DELIVERED = new Set(['delivered', 'delivrd', 'delivered_to_handset', 'read']);
const UNDELIVERED = new Set([
  'undelivered',
  'undeliv',
  'failed',
  'rejected',
  'expired',
  'rejectd',
  'deleted',
]);

/** What a report's status means for the message: delivered, undelivered, or nothing final yet. */
export function deliveryOf(status: string): 'delivered' | 'undelivered' | null {
  const word = status.trim().toLowerCase();
  if (DELIVERED.has(word)) return 'delivered';
  if (UNDELIVERED.has(word)) return 'undelivered';
  return null;
}

/**
 * The gateway's delivery reports: `{ id, status, error? }`, `id` being the one it answered when
 * it took the message, signed like its replies. A final state is written on the message (a
 * report about a message Comptoir does not know, or not final yet, is acknowledged and ignored:
 * the gateway must not send it again and again).
 */
export async function handleSmsStatus(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await gatewayCallbackBody(req, res);
  if (!body) return;
  const id = typeof body.id === 'string' || typeof body.id === 'number' ? String(body.id) : '';
  if (!id || typeof body.status !== 'string')
    return answer(res, 422, { error: 'Corps attendu : { "id": "…", "status": "delivered", "error": "…" }.' });
  const error = typeof body.error === 'string' ? body.error : null;
  answer(res, 200, { updated: await recordDelivery(id, body.status, error) });
}

/**
 * A gateway's report on the message it named `providerId` (an SMS gateway's, or WhatsApp's):
 * written once final; answers whether a message was updated.
 */
export async function recordDelivery(
  providerId: string,
  status: string,
  error: string | null,
): Promise<boolean> {
  const delivery = deliveryOf(status);
  if (!delivery) return false;
  const updated = await getDb()
    .update(crmCampaignMessages)
    .set({
      delivery,
      deliveryError: delivery === 'undelivered' ? (error ?? status).slice(0, 300) : null,
      deliveredAt: new Date(),
    })
    .where(eq(crmCampaignMessages.providerId, providerId))
    .returning({ id: crmCampaignMessages.id });
  return updated.length > 0;
}

export const smsStatusRoute = defineRawRoute({
  methods: ['POST'],
  path: '/api/sms/status',
  tag: 'crm',
  summary:
    'Accusés de remise de la passerelle SMS ({ id, status, error }, secret partagé dans x-comptoir-secret) : le message de campagne ou d’automatisation qu’elle a nommé id est marqué remis ou non remis.',
  handler: handleSmsStatus,
});
