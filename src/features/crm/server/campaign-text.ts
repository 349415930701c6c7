import { getEnv } from '@/server/env';

/** What a campaign's message may say of its recipient and shop. */
export const PLACEHOLDERS = ['{prénom}', '{boutique}', '{code}'] as const;

/** Whether a message gives each recipient a discount code of their own. */
export function usesCode(template: string): boolean {
  return template.includes('{code}');
}

/** The placeholders a message uses that are not among `allowed` (a typo: « {prenom} »). */
export function unknownPlaceholders(template: string, allowed: readonly string[] = PLACEHOLDERS): string[] {
  return [...new Set(template.match(/\{[^{}]*\}/g) ?? [])].filter((p) => !allowed.includes(p));
}

/**
 * The opt-out every marketing SMS ends with (Sénégal, loi 2008-12; Côte d'Ivoire): the gateway's
 * number when it is known, else a reply to the message itself.
 */
export function optOutLine(): string {
  const number = getEnv().SMS_STOP_NUMBER?.trim();
  return number ? `STOP au ${number}` : 'Répondez STOP pour vous désinscrire';
}

/**
 * A recipient's text: the placeholders filled ({code} with their own code, {montant} with what
 * they owe, when the message has them) and, for a marketing message, the opt-out line added on
 * its own line.
 */
export function campaignText(
  template: string,
  recipient: { name: string; firstName: string },
  shop: { name: string },
  fill: { code?: string; amount?: string; marketing?: boolean; channel?: 'sms' | 'whatsapp' } = {},
): string {
  const firstName = recipient.firstName.trim() || recipient.name.trim().split(/\s+/)[0] || '';
  const filled = template
    .replaceAll('{prénom}', firstName)
    .replaceAll('{boutique}', shop.name)
    .replaceAll('{code}', fill.code ?? '')
    .replaceAll('{montant}', fill.amount ?? '')
    .trim();
  if (fill.marketing === false) return filled;
  // On WhatsApp the reply goes to the conversation itself, not to the SMS number.
  return `${filled}\n${fill.channel === 'whatsapp' ? 'Répondez STOP pour vous désinscrire' : optOutLine()}`;
}
