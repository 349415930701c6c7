import { getEnv } from '@/server/env';
import { Errors } from '@/server/http/errors';
import { createSmsGateway } from '@/server/sms/sms-gateway';
import { createWhatsappGateway, type MessageGateway } from '@/server/sms/whatsapp-gateway';

/**
 * Where a campaign goes: SMS (counted in the plan's SMS, to clients with SMS consent) or WhatsApp
 * (through the message interface, when Comptoir has a WhatsApp gateway: to clients with WhatsApp
 * consent, billed by Meta per message, at the cost the deployment says).
 */
export type CampaignChannel = 'sms' | 'whatsapp';

/** WhatsApp as the composer offers it, with its cost per message in FCFA; null: not offered. */
export function whatsappOffer(): { costPerMessage: number } | null {
  const env = getEnv();
  if (env.WHATSAPP_DRIVER !== 'cloud' || !env.WHATSAPP_CLOUD_TOKEN || !env.WHATSAPP_CLOUD_PHONE_NUMBER_ID)
    return null;
  return { costPerMessage: env.WHATSAPP_MESSAGE_COST };
}

/** Refuses WhatsApp when this deployment sends none itself (the composer does not offer it then). */
export function checkChannel(channel: CampaignChannel): void {
  if (channel === 'whatsapp' && !whatsappOffer())
    throw Errors.validation(
      { channel: 'Les campagnes WhatsApp demandent une passerelle WhatsApp (WHATSAPP_DRIVER=cloud).' },
      'Canal : WhatsApp n’est pas configuré.',
    );
}

/** The gateway a message of `channel` is handed to. */
export function gatewayFor(channel: string): MessageGateway {
  if (channel === 'whatsapp') {
    const gateway = createWhatsappGateway();
    if (!gateway) throw new Error('La passerelle WhatsApp n’est plus configurée (WHATSAPP_DRIVER).');
    return gateway;
  }
  return createSmsGateway();
}

/** Who a campaign on `channel` cannot reach, said when its segment holds nobody reachable. */
export function nobodyReachable(channel: CampaignChannel): { field: string; summary: string } {
  return channel === 'whatsapp'
    ? {
        field: 'Ce segment ne compte aucun client joignable sur WhatsApp (téléphone et accord WhatsApp).',
        summary: 'Segment : aucun client joignable sur WhatsApp.',
      }
    : {
        field: 'Ce segment ne compte aucun client joignable par SMS (téléphone et accord SMS).',
        summary: 'Segment : aucun client joignable par SMS.',
      };
}
