import { z } from '@/shared/validation';
import { ZId } from '@/shared/validation';
import { ZAmount } from '@/shared/bounded-schemas';
import { SLUG_PATTERN } from '@/features/shop/shop-slug';

export const ZStorefrontSettingsBody = z.object({
  shopId: ZId,
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(SLUG_PATTERN, {
      error: 'L’adresse ne peut contenir que des lettres minuscules sans accent, des chiffres et des tirets.',
    })
    .optional(),
  isPublished: z.boolean().optional(),
  allowsMobileMoney: z.boolean().optional(),
  allowsCashOnDelivery: z.boolean().optional(),
  cashOnDeliveryMax: ZAmount.nullable().optional(),
  allowsPickup: z.boolean().optional(),
  showsStockCounts: z.boolean().optional(),
  customDomain: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .refine((d) => d === '' || /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/.test(d), {
      error: 'Indiquez un nom de domaine sans « https:// » ni « / », par exemple www.ma-boutique.sn.',
    })
    .nullable()
    .optional(),
});
export type TStorefrontSettingsBody = z.infer<typeof ZStorefrontSettingsBody>;

export const ZStorefrontSettings = z.object({
  slug: z.string(),
  /** The online shop's address on the pro host. */
  url: z.string(),
  isPublished: z.boolean(),
  allowsMobileMoney: z.boolean(),
  allowsCashOnDelivery: z.boolean(),
  cashOnDeliveryMax: z.number().nullable(),
  allowsPickup: z.boolean(),
  showsStockCounts: z.boolean(),
  customDomain: z.string().nullable(),
  /** What the checkout can offer now: without zones nor pickup points nobody can receive an order. */
  readiness: z.object({ products: z.number(), hasDeliveryZones: z.boolean(), hasPickupPoints: z.boolean() }),
});
export type TStorefrontSettings = z.infer<typeof ZStorefrontSettings>;

export const ZAbandonedCarts = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      phone: z.string(),
      name: z.string(),
      lines: z.array(z.object({ name: z.string(), quantity: z.number(), unitPrice: z.number() })),
      total: z.number(),
      updatedAt: z.string(),
      remindedAt: z.string().nullable(),
      /** The reminder as a WhatsApp link the agent opens (their own WhatsApp sends it). */
      whatsappUrl: z.string().nullable(),
    }),
  ),
});
export type TAbandonedCarts = z.infer<typeof ZAbandonedCarts>;

export const ZRemindCartBody = z.object({
  shopId: ZId,
  cartId: ZId,
  via: z.enum(['sms', 'whatsapp'], { error: 'Choisissez SMS ou WhatsApp.' }),
});
