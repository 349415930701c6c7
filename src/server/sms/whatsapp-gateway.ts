import { getEnv } from '../env';
import type { SmsGateway, SmsMessage, SmsSent } from './sms-gateway';

/*
 * WhatsApp messages sent by Comptoir through Meta's Cloud API, behind the same interface as SMS
 * (a message to a number), so whoever sends messages (the channels' status messages, the CRM's
 * campaigns) picks a gateway, not an API. Off by default: the seller taps wa.me links instead.
 */

/** Any gateway a message to a phone goes through: SMS or WhatsApp. */
export type MessageGateway = SmsGateway;

class WhatsappCloudGateway implements MessageGateway {
  readonly name = 'whatsapp-cloud';
  constructor(
    private readonly apiUrl: string,
    private readonly token: string,
    private readonly phoneNumberId: string,
  ) {}
  async send(message: SmsMessage): Promise<SmsSent> {
    const response = await fetch(`${this.apiUrl}/${this.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${this.token}` },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        to: message.to.replace(/^\+/, ''),
        type: 'text',
        text: { body: message.body, preview_url: true },
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`L’API WhatsApp a répondu ${response.status}`);
    // Its answer names the message: { messages: [{ id: "wamid…" }] }.
    const answer = (await response.json().catch(() => null)) as { messages?: Array<{ id?: string }> } | null;
    return { providerId: answer?.messages?.[0]?.id ?? null };
  }
}

/** The configured WhatsApp gateway, or null when Comptoir sends no WhatsApp message itself. */
export function createWhatsappGateway(): MessageGateway | null {
  const env = getEnv();
  if (env.WHATSAPP_DRIVER !== 'cloud') return null;
  if (!env.WHATSAPP_CLOUD_TOKEN || !env.WHATSAPP_CLOUD_PHONE_NUMBER_ID)
    throw new Error('WHATSAPP_DRIVER=cloud demande WHATSAPP_CLOUD_TOKEN et WHATSAPP_CLOUD_PHONE_NUMBER_ID.');
  return new WhatsappCloudGateway(
    env.WHATSAPP_CLOUD_API_URL,
    env.WHATSAPP_CLOUD_TOKEN,
    env.WHATSAPP_CLOUD_PHONE_NUMBER_ID,
  );
}
