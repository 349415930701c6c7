import { ZId, z } from '@/shared/validation';
import { isValidEan13 } from '@/shared/barcode';
import { ZPrice, ZStockChange, ZStockLevel } from '@/shared/bounded-schemas';
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '@/shared/seo-preview';
import { MAX_OPTIONS, PRODUCT_STATUSES, STOCK_REASONS } from './product.constants';

export * from './product.constants';

export const STOCK_FILTERS = ['out', 'low', 'available'] as const;
export const PRODUCT_SORTS = [
  'recent',
  'name',
  'name_desc',
  'price',
  'price_desc',
  'stock',
  'stock_desc',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const MAX_VARIANTS = 100;

export const ZBarcode = z
  .string()
  .trim()
  .regex(
    /^[0-9A-Za-z-]{4,32}$/,
    'Le code-barres ne peut contenir que des chiffres, des lettres et des tirets.',
  )
  .refine((code) => !/^\d{13}$/.test(code) || isValidEan13(code), {
    message: 'Ce code EAN-13 est invalide : son chiffre de contrôle ne correspond pas.',
  });

export const ZVariantInput = z.object({
  /** Absent for a new variant. */
  id: ZId.optional(),
  optionValues: z.array(z.string().trim().min(1).max(60)).max(MAX_OPTIONS),
  price: ZPrice,
  compareAtPrice: ZPrice.nullable().optional(),
  costPrice: ZPrice.nullable().optional(),
  sku: z.string().trim().min(1).max(64).nullable().optional(),
  barcode: ZBarcode.nullable().optional(),
  /** Only read for a new variant: its opening stock, recorded as an « inventaire » movement. */
  stock: ZStockLevel.optional(),
  imageUrl: z.string().max(500).nullable().optional(),
});
export type TVariantInput = z.infer<typeof ZVariantInput>;

export const ZOptionInput = z.object({
  name: z.string().trim().min(1).max(40),
  values: z.array(z.string().trim().min(1).max(60)).min(1).max(50),
});

export const ZProductInput = z.object({
  name: z.string().trim().min(1).max(200),
  descriptionHtml: z.string().max(20_000).default(''),
  /**
   * The online shop's title and description for search engines; empty: the name, the description.
   * Left out (the CSV import), a product keeps the ones it has.
   */
  seoTitle: z
    .string()
    .trim()
    .max(SEO_TITLE_MAX, {
      error: `Le titre pour les moteurs de recherche ne peut pas dépasser ${SEO_TITLE_MAX} caractères.`,
    })
    .optional(),
  seoDescription: z
    .string()
    .trim()
    .max(SEO_DESCRIPTION_MAX, {
      error: `La description pour les moteurs de recherche ne peut pas dépasser ${SEO_DESCRIPTION_MAX} caractères.`,
    })
    .optional(),
  status: z.enum(PRODUCT_STATUSES).default('active'),
  categoryId: ZId.nullable().default(null),
  tags: z.array(z.string().trim().min(1).max(40)).max(30).default([]),
  trackStock: z.boolean().default(true),
  lowStockThreshold: z.number().int().min(0).max(1_000_000).default(0),
  weightGrams: z.number().int().min(0).max(1_000_000).nullable().default(null),
  options: z.array(ZOptionInput).max(MAX_OPTIONS).default([]),
  variants: z.array(ZVariantInput).min(1).max(MAX_VARIANTS),
});
export type TProductInput = z.infer<typeof ZProductInput>;

export const ZCreateProductBody = ZProductInput.extend({ shopId: ZId });
export const ZUpdateProductBody = ZProductInput.extend({ shopId: ZId, productId: ZId });

export const ZAdjustStockBody = z.object({
  shopId: ZId,
  variantId: ZId,
  /** Added (positive) or removed (negative); never zero. */
  quantity: ZStockChange,
  reason: z.enum(STOCK_REASONS),
  note: z.string().trim().max(300).optional(),
});

export const ZInventoryCountBody = z.object({
  shopId: ZId,
  counts: z
    .array(z.object({ variantId: ZId, counted: ZStockLevel }))
    .min(1)
    .max(5000),
  note: z.string().trim().max(300).optional(),
});

export const ZListProductsQuery = z.object({
  shopId: ZId,
  search: z.string().trim().max(100).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  categoryId: ZId.optional(),
  stock: z.enum(STOCK_FILTERS).optional(),
  sort: z.enum(PRODUCT_SORTS).default('recent'),
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  withVariants: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type TListProductsQuery = z.infer<typeof ZListProductsQuery>;
