import { ZId, z } from '@/shared/validation';
import { ZSegmentDefinition } from '@/features/customer/segment.schemas';

export * from '@/features/customer/segment.schemas';

export const ZShopQuery = z.object({ shopId: ZId });

export const ZCountSegmentBody = z.object({ shopId: ZId, definition: ZSegmentDefinition });

export const ZSaveSegmentBody = z.object({
  shopId: ZId,
  /** Absent: a new segment. */
  segmentId: ZId.optional(),
  name: z
    .string({ error: 'Donnez un nom au segment.' })
    .trim()
    .min(1, 'Donnez un nom au segment.')
    .max(80, 'Le nom du segment fait au plus 80 caractères.'),
  definition: ZSegmentDefinition,
});

export const ZSegmentBody = z.object({ shopId: ZId, segmentId: ZId });

export const ZSegmentClient = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  totalSpent: z.number(),
  ordersCount: z.number().int(),
  lastOrderAt: z.string().nullable(),
  consentSms: z.boolean(),
});

/** Who a segment holds now, and who of them an SMS campaign could reach (and why not the others). */
export const ZSegmentCount = z.object({
  total: z.number().int(),
  /** A phone and SMS consent. */
  reachableSms: z.number().int(),
  noPhone: z.number().int(),
  noSmsConsent: z.number().int(),
  /** The first clients, best customers first. */
  sample: z.array(ZSegmentClient),
});
export type TSegmentCount = z.infer<typeof ZSegmentCount>;

export const ZSegment = z.object({
  _id: z.string(),
  name: z.string(),
  definition: ZSegmentDefinition,
  total: z.number().int(),
  reachableSms: z.number().int(),
  updatedAt: z.string(),
});
export type TSegment = z.infer<typeof ZSegment>;

export const ZSegmentList = z.object({ items: z.array(ZSegment) });

// ---------- SMS campaigns ----------

export const ZStartCampaignBody = z.object({
  shopId: ZId,
  name: z
    .string({ error: 'Donnez un nom à la campagne.' })
    .trim()
    .min(1, 'Donnez un nom à la campagne.')
    .max(80, 'Le nom de la campagne fait au plus 80 caractères.'),
  definition: ZSegmentDefinition,
  template: z
    .string({ error: 'Écrivez le message.' })
    .trim()
    .min(1, 'Écrivez le message.')
    .max(1000, 'Le message fait au plus 1 000 caractères.'),
  /** The code discount whose single-use codes fill {code}, one per recipient (required with {code}). */
  discountId: ZId.optional(),
  /** Absent: SMS. WhatsApp only where this deployment has a WhatsApp gateway. */
  channel: z.enum(['sms', 'whatsapp'], { error: 'Canal inconnu : sms ou whatsapp.' }).optional(),
  /** ISO instant; absent: now. */
  sendAt: z.iso
    .datetime({ offset: true, error: 'Date d’envoi invalide.' })
    .refine((at) => Date.parse(at) > Date.now() - 60_000, 'L’envoi programmé doit être dans le futur.')
    .optional(),
});

export const ZStartedCampaign = z.object({
  campaignId: z.string(),
  recipients: z.number().int(),
  parts: z.number().int(),
});

export const ZCampaign = z.object({
  _id: z.string(),
  name: z.string(),
  channel: z.enum(['sms', 'whatsapp']),
  template: z.string(),
  sendAt: z.string(),
  createdAt: z.string(),
  recipients: z.number().int(),
  parts: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  /** Of those sent, what the gateway's delivery reports said (0 and 0 without reports). */
  delivered: z.number().int(),
  undelivered: z.number().int(),
  status: z.enum(['programmée', 'en cours', 'terminée']),
});
export type TCampaign = z.infer<typeof ZCampaign>;

export const ZCampaignList = z.object({ items: z.array(ZCampaign) });

export const ZCampaignQuery = z.object({ shopId: ZId, campaignId: ZId });

/** A campaign's or an automation's message, as its list shows it. */
export const ZCrmMessage = z.object({
  id: z.string(),
  phone: z.string(),
  body: z.string(),
  parts: z.number().int(),
  discountCode: z.string().nullable(),
  status: z.enum(['queued', 'sending', 'sent', 'failed', 'skipped']),
  delivery: z.enum(['delivered', 'undelivered']).nullable(),
  deliveryError: z.string().nullable(),
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
});

export type TCrmMessage = z.infer<typeof ZCrmMessage>;

export const ZCampaignDetail = z.object({
  campaign: ZCampaign,
  /** Its codes ({code}): the discount, how many it gave, how many were used on an order. */
  codes: z
    .object({
      discountId: z.string(),
      discountName: z.string(),
      issued: z.number().int(),
      used: z.number().int(),
    })
    .nullable(),
  messages: z.array(ZCrmMessage),
});

export const ZTestSmsBody = z.object({
  shopId: ZId,
  template: ZStartCampaignBody.shape.template,
});

export const ZPreviewCampaignBody = z.object({
  shopId: ZId,
  definition: ZSegmentDefinition,
  template: ZStartCampaignBody.shape.template,
  channel: ZStartCampaignBody.shape.channel,
});

export const ZCampaignPreview = z.object({
  recipients: z.number().int(),
  parts: z.number().int(),
  /** SMS left this month; null: no limit, or not SMS. */
  smsLeft: z.number().int().nullable(),
  /** What Meta bills for a WhatsApp campaign, in FCFA; null for SMS (in the plan). */
  cost: z.number().nullable(),
  samples: z.array(
    z.object({ name: z.string(), phone: z.string(), text: z.string(), parts: z.number().int() }),
  ),
});
export type TCampaignPreview = z.infer<typeof ZCampaignPreview>;

/** The code discounts a campaign's {code} may draw from (enabled, not archived, not ended). */
export const ZCampaignDiscounts = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string(), endsAt: z.string().nullable() })),
});

// ---------- Automations ----------

export const AUTOMATION_KINDS = ['anniversaire', 'a-risque', 'merci', 'ardoise'] as const;
export type TAutomationKind = (typeof AUTOMATION_KINDS)[number];

/** What each automation is, as its card says it, with its default text and delay. */
export const AUTOMATIONS: Record<
  TAutomationKind,
  {
    title: string;
    /** When it writes, in one sentence ({jours}: its delay). */
    when: string;
    template: string;
    /** The delay in days and its bounds; null: none. */
    days: { default: number; min: number; max: number; label: string } | null;
    placeholders: readonly string[];
    /** Marketing: SMS consent needed, the STOP line added. The ardoise reminder is about a debt. */
    marketing: boolean;
  }
> = {
  anniversaire: {
    title: 'Anniversaire',
    when: 'Le jour de l’anniversaire du client (jour et mois de sa fiche).',
    template: 'Joyeux anniversaire {prénom} ! {boutique} vous offre une réduction avec le code {code}.',
    days: null,
    placeholders: ['{prénom}', '{boutique}', '{code}'],
    marketing: true,
  },
  'a-risque': {
    title: 'Client à risque',
    when: 'Quand un client n’a rien commandé depuis {jours} jours (une fois par absence).',
    template: 'Bonjour {prénom}, vous nous manquez ! Passez chez {boutique} découvrir nos nouveautés.',
    days: { default: 60, min: 14, max: 365, label: 'Jours sans commande' },
    placeholders: ['{prénom}', '{boutique}', '{code}'],
    marketing: true,
  },
  merci: {
    title: 'Merci après le premier achat',
    when: 'Dans les heures qui suivent la première commande d’un client.',
    template: 'Merci {prénom} pour votre premier achat chez {boutique} ! Au plaisir de vous revoir.',
    days: null,
    placeholders: ['{prénom}', '{boutique}', '{code}'],
    marketing: true,
  },
  ardoise: {
    title: 'Rappel d’ardoise',
    when: 'Quand un client doit encore de l’argent {jours} jours après sa dernière commande (une fois par commande).',
    template:
      'Bonjour {prénom}, votre ardoise chez {boutique} est de {montant}. Merci de passer la régler ou de payer par mobile money.',
    days: { default: 7, min: 1, max: 90, label: 'Jours après la commande' },
    placeholders: ['{prénom}', '{boutique}', '{montant}'],
    marketing: false,
  },
};

export const ZSaveAutomationBody = z.object({
  shopId: ZId,
  kind: z.enum(AUTOMATION_KINDS, { error: 'Automatisation inconnue.' }),
  enabled: z.boolean({ error: 'Indiquez si l’automatisation est activée.' }),
  template: ZStartCampaignBody.shape.template,
  days: z
    .number({ error: 'Indiquez un nombre de jours.' })
    .int('Indiquez un nombre de jours entier.')
    .optional(),
  discountId: ZId.optional(),
});

export const ZAutomation = z.object({
  kind: z.enum(AUTOMATION_KINDS),
  enabled: z.boolean(),
  template: z.string(),
  days: z.number().int().nullable(),
  discountId: z.string().nullable(),
  /** Messages sent these last 30 days, and waiting now. */
  sent30Days: z.number().int(),
  queued: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type TAutomation = z.infer<typeof ZAutomation>;

export const ZAutomationList = z.object({ items: z.array(ZAutomation) });

/** What the composer may offer: WhatsApp, with its cost per message in FCFA, when configured. */
export const ZCampaignOptions = z.object({
  whatsapp: z.object({ costPerMessage: z.number() }).nullable(),
});

export const ZAutomationMessagesQuery = z.object({
  shopId: ZId,
  kind: z.enum(AUTOMATION_KINDS, { error: 'Automatisation inconnue.' }),
});

export const ZAutomationMessages = z.object({ messages: z.array(ZCrmMessage) });
