import { z } from '@/shared/validation';
import { ZId } from '@/shared/validation';
import { ZAmount } from '@/shared/bounded-schemas';
import { SLUG_PATTERN } from '@/features/shop/shop-slug';
import { contrastWithWhite, MIN_CONTRAST } from '@/shared/storefront/colors';
import { LAYOUT_VERSION, STATIC_PAGES } from '@/shared/storefront/layout';

const text = (max: number) => z.string().trim().max(max);
const ZBlockId = z.string().trim().min(1).max(40);
const ZTarget = text(80);
const ZImageUrl = text(500).refine((v) => v === '' || v.startsWith('/') || v.startsWith('https://'), {
  error: 'Indiquez une image envoyée dans Comptoir ou une adresse https.',
});

/** The stored layout, checked whole on every save (see src/shared/storefront/layout.ts). */
export const ZLayoutSection = z.discriminatedUnion('type', [
  z.object({
    id: ZBlockId,
    type: z.literal('header'),
    settings: z.object({ showsSearch: z.boolean() }),
    blocks: z
      .array(
        z.object({
          id: ZBlockId,
          type: z.literal('link'),
          settings: z.object({ label: text(40).min(1), target: ZTarget }),
        }),
      )
      .max(12),
  }),
  z.object({
    id: ZBlockId,
    type: z.literal('banner'),
    settings: z.object({
      title: text(120).min(1),
      subtitle: text(300),
      buttonLabel: text(40),
      buttonTarget: ZTarget,
      imageUrl: ZImageUrl,
    }),
    blocks: z.array(z.never()).max(0),
  }),
  z.object({
    id: ZBlockId,
    type: z.literal('featured_products'),
    settings: z.object({
      title: text(120).min(1),
      categoryId: text(64),
      count: z.number().int().min(1).max(24),
    }),
    blocks: z.array(z.never()).max(0),
  }),
  z.object({
    id: ZBlockId,
    type: z.literal('category_grid'),
    settings: z.object({ title: text(120).min(1) }),
    blocks: z.array(z.never()).max(0),
  }),
  z.object({
    id: ZBlockId,
    type: z.literal('text_image'),
    settings: z.object({
      title: text(120).min(1),
      text: text(3000),
      imageUrl: ZImageUrl,
      imageSide: z.enum(['left', 'right']),
    }),
    blocks: z.array(z.never()).max(0),
  }),
  z.object({
    id: ZBlockId,
    type: z.literal('testimonials'),
    settings: z.object({ title: text(120).min(1) }),
    blocks: z
      .array(
        z.object({
          id: ZBlockId,
          type: z.literal('testimonial'),
          settings: z.object({ quote: text(500).min(1), author: text(80).min(1) }),
        }),
      )
      .max(12),
  }),
  z.object({
    id: ZBlockId,
    type: z.literal('whatsapp_button'),
    settings: z.object({ label: text(80).min(1), message: text(300) }),
    blocks: z.array(z.never()).max(0),
  }),
  z.object({
    id: ZBlockId,
    type: z.literal('footer'),
    settings: z.object({ text: text(500) }),
    blocks: z.array(z.never()).max(0),
  }),
]);

export const ZLayout = z.object({
  version: z.literal(LAYOUT_VERSION),
  sections: z.array(ZLayoutSection).max(30),
});

const ZPages = z.object(
  Object.fromEntries(STATIC_PAGES.map((p) => [p, text(5000).optional()])) as Record<
    (typeof STATIC_PAGES)[number],
    z.ZodOptional<z.ZodString>
  >,
);

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
  primaryColor: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, { error: 'Choisissez une couleur au format #rrggbb.' })
    .refine((c) => contrastWithWhite(c) >= MIN_CONTRAST, {
      error:
        'Cette couleur est trop claire : le texte blanc des boutons ne se lirait pas. Choisissez une teinte plus foncée.',
    })
    .optional(),
  tagline: text(160).optional(),
  pages: ZPages.optional(),
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
  layout: ZLayout.optional(),
});
export type TStorefrontSettingsBody = z.infer<typeof ZStorefrontSettingsBody>;

export const ZStorefrontSettings = z.object({
  slug: z.string(),
  /** The online shop's address on the pro host. */
  url: z.string(),
  isPublished: z.boolean(),
  primaryColor: z.string(),
  tagline: z.string(),
  pages: z.record(z.string(), z.string()),
  allowsMobileMoney: z.boolean(),
  allowsCashOnDelivery: z.boolean(),
  cashOnDeliveryMax: z.number().nullable(),
  allowsPickup: z.boolean(),
  showsStockCounts: z.boolean(),
  customDomain: z.string().nullable(),
  layout: ZLayout,
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
