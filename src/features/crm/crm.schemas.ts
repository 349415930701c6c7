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
