import { z } from '@/shared/validation';
import { ZStoredAmount } from '@/shared/bounded-schemas';
import { PRODUCT_STATUSES, STOCK_REASONS } from '../product.schemas';
import type { CategoryRow, ImageRow, ProductRow, VariantRow } from './product.repository';

export const ZVariant = z.object({
  _id: z.string(),
  optionValues: z.array(z.string()),
  title: z.string(),
  position: z.number().int(),
  price: ZStoredAmount,
  compareAtPrice: ZStoredAmount.nullable(),
  costPrice: ZStoredAmount.nullable(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  stock: z.number().int(),
  imageUrl: z.string().nullable(),
});

export const ZProductImage = z.object({
  _id: z.string(),
  position: z.number().int(),
  listUrl: z.string(),
  cardUrl: z.string(),
  zoomUrl: z.string(),
});

const productBase = {
  _id: z.string(),
  shopId: z.string(),
  name: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  categoryId: z.string().nullable(),
  tags: z.array(z.string()),
  trackStock: z.boolean(),
  lowStockThreshold: z.number().int(),
  priceMin: ZStoredAmount,
  stockTotal: z.number().int(),
  coverUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const ZProductSummary = z.object({
  ...productBase,
  variantsCount: z.number().int(),
  priceMax: ZStoredAmount,
  /** The first variant's codes, shown in the list. */
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  /** Only with `withVariants=true` (inventory count, labels, till). */
  variants: z.array(ZVariant).optional(),
});
export type TProductSummary = z.infer<typeof ZProductSummary>;

export const ZProduct = z.object({
  ...productBase,
  /** Its address in the online shop: `/<shop>/p/<slug>`. */
  slug: z.string(),
  descriptionHtml: z.string(),
  /** Empty: the online shop uses the name and the description. */
  seoTitle: z.string(),
  seoDescription: z.string(),
  weightGrams: z.number().int().nullable(),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(ZVariant),
  images: z.array(ZProductImage),
});
export type TProduct = z.infer<typeof ZProduct>;

export const ZCategory = z.object({ _id: z.string(), name: z.string(), parentId: z.string().nullable() });

export const ZStockMovement = z.object({
  _id: z.string(),
  variantId: z.string(),
  variantTitle: z.string(),
  quantity: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.enum(STOCK_REASONS),
  note: z.string().nullable(),
  author: z.string().nullable(),
  createdAt: z.string(),
});

function base(product: ProductRow) {
  return {
    _id: product.id,
    shopId: product.shopId,
    name: product.name,
    status: product.status as (typeof PRODUCT_STATUSES)[number],
    categoryId: product.categoryId,
    tags: product.tags,
    trackStock: product.trackStock,
    lowStockThreshold: product.lowStockThreshold,
    priceMin: product.priceMin,
    stockTotal: product.stockTotal,
    coverUrl: product.coverUrl,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

export function toVariantDto(variant: VariantRow) {
  return {
    _id: variant.id,
    optionValues: variant.optionValues,
    title: variant.optionValues.join(' / '),
    position: variant.position,
    price: variant.price,
    compareAtPrice: variant.compareAtPrice,
    costPrice: variant.costPrice,
    sku: variant.sku,
    barcode: variant.barcode,
    stock: variant.stock,
    imageUrl: variant.imageUrl,
  };
}

export function toProductSummary(
  product: ProductRow,
  stats: { count: number; priceMax: number; sku: string | null; barcode: string | null },
): TProductSummary {
  return {
    ...base(product),
    variantsCount: stats.count,
    priceMax: stats.priceMax,
    sku: stats.sku,
    barcode: stats.barcode,
  };
}

export function toProductDto(product: ProductRow, variants: VariantRow[], images: ImageRow[]): TProduct {
  return {
    ...base(product),
    slug: product.slug,
    descriptionHtml: product.descriptionHtml,
    seoTitle: product.seoTitle,
    seoDescription: product.seoDescription,
    weightGrams: product.weightGrams,
    options: product.options,
    variants: variants.map(toVariantDto),
    images: images.map((i) => ({
      _id: i.id,
      position: i.position,
      listUrl: i.listUrl,
      cardUrl: i.cardUrl,
      zoomUrl: i.zoomUrl,
    })),
  };
}

export function toCategoryDto(category: CategoryRow) {
  return { _id: category.id, name: category.name, parentId: category.parentId };
}
