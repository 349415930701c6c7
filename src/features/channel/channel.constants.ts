/*
 * The sales channels' plain values (Canaux de vente): the channels the page shows, the WhatsApp
 * status messages and their default wording. Apart from channel.schemas.ts (zod), so screens that
 * only show them do not load zod.
 */

export const SALES_CHANNELS = ['pos', 'site', 'whatsapp', 'meta', 'google', 'manual'] as const;
export type SalesChannelKey = (typeof SALES_CHANNELS)[number];
export const SALES_CHANNEL_LABELS: Record<SalesChannelKey, string> = {
  pos: 'Point de vente',
  site: 'Boutique en ligne',
  whatsapp: 'WhatsApp',
  meta: 'Meta (Facebook/Instagram)',
  google: 'Google',
  manual: 'Commandes manuelles',
};
/** The orders' channels each card counts (Google's buyers order in the online shop). */
export const ORDER_CHANNELS_OF: Record<SalesChannelKey, readonly string[]> = {
  pos: ['pos'],
  site: ['site'],
  whatsapp: ['whatsapp'],
  meta: ['facebook', 'instagram'],
  google: [],
  manual: ['phone', 'manual'],
};

/** The messages a seller sends a customer on WhatsApp as an order moves along. */
export const MESSAGE_TEMPLATES = ['confirmation', 'paid', 'shipping', 'delivered'] as const;
export type MessageTemplateKey = (typeof MESSAGE_TEMPLATES)[number];
export const MESSAGE_TEMPLATE_LABELS: Record<MessageTemplateKey, string> = {
  confirmation: 'Confirmation',
  paid: 'Paiement reçu',
  shipping: 'En livraison',
  delivered: 'Livrée',
};
/**
 * Ours, until the shop writes its own. The {{…}} fields are filled from the order; an unknown one
 * is refused when the shop saves its wording.
 */
export const DEFAULT_MESSAGE_TEMPLATES: Record<MessageTemplateKey, string> = {
  confirmation:
    'Bonjour {{client}}, merci pour votre commande {{commande}} chez {{boutique}} ! Total : {{total}}. Nous vous prévenons dès qu’elle part.',
  paid: 'Bonjour {{client}}, nous avons bien reçu votre paiement de {{montant}} pour la commande {{commande}}. Merci !',
  shipping:
    'Bonjour {{client}}, votre commande {{commande}} est en route ! Suivez-la ici : {{suivi}}. À payer à la livraison : {{reste}}.',
  delivered:
    'Bonjour {{client}}, votre commande {{commande}} a été livrée. Merci de votre confiance, à bientôt chez {{boutique}} !',
};
export const TEMPLATE_FIELDS = [
  'client',
  'commande',
  'boutique',
  'total',
  'montant',
  'reste',
  'suivi',
] as const;
export const MAX_TEMPLATE_LENGTH = 700;

/** What a pasted conversation may hold: a long chat, not a book. */
export const MAX_PASTE_LENGTH = 5000;
