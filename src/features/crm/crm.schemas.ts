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
  template: z.string(),
  sendAt: z.string(),
  createdAt: z.string(),
  recipients: z.number().int(),
  parts: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  status: z.enum(['programmée', 'en cours', 'terminée']),
});
export type TCampaign = z.infer<typeof ZCampaign>;

export const ZCampaignList = z.object({ items: z.array(ZCampaign) });

export const ZCampaignQuery = z.object({ shopId: ZId, campaignId: ZId });

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
  messages: z.array(
    z.object({
      id: z.string(),
      phone: z.string(),
      body: z.string(),
      parts: z.number().int(),
      discountCode: z.string().nullable(),
      status: z.enum(['queued', 'sending', 'sent', 'failed', 'skipped']),
      error: z.string().nullable(),
      sentAt: z.string().nullable(),
    }),
  ),
});

export const ZTestSmsBody = z.object({
  shopId: ZId,
  template: ZStartCampaignBody.shape.template,
});

export const ZPreviewCampaignBody = z.object({
  shopId: ZId,
  definition: ZSegmentDefinition,
  template: ZStartCampaignBody.shape.template,
});

export const ZCampaignPreview = z.object({
  recipients: z.number().int(),
  parts: z.number().int(),
  /** SMS left this month; null: no limit. */
  smsLeft: z.number().int().nullable(),
  samples: z.array(
    z.object({ name: z.string(), phone: z.string(), text: z.string(), parts: z.number().int() }),
  ),
});
export type TCampaignPreview = z.infer<typeof ZCampaignPreview>;

/** The code discounts a campaign's {code} may draw from (enabled, not archived, not ended). */
export const ZCampaignDiscounts = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string(), endsAt: z.string().nullable() })),
});
