import { and, asc, eq } from 'drizzle-orm';
import { anyOf, runPrepared, type Executor } from '@/server/db';
import { productVariants, products } from '@/server/db/schema/product';

/** What a sale needs to know of a variant: its price, its product's name and status, its stock. */
export interface SellableVariant {
  id: string;
  productId: string;
  productName: string;
  productStatus: string;
  trackStock: boolean;
  optionValues: string[];
  sku: string | null;
  price: number;
  stock: number;
}

/** « Robe wax (M / Rouge) », the name an order line keeps and refusals quote. */
export function variantLabel(variant: Pick<SellableVariant, 'productName' | 'optionValues'>): string {
  return variant.optionValues.length
    ? `${variant.productName} (${variant.optionValues.join(' / ')})`
    : variant.productName;
}

/**
 * The variants a sale (or an edit of one) is about, locked in id order before any stock moves:
 * every writer takes variant rows before their product's row, so orders, counts and edits cannot
 * deadlock. Pass the ids to changeStockBatch as `lockedVariantIds`: they are not locked twice.
 */
export async function lockVariantsForSale(
  tx: Executor,
  shopId: string,
  variantIds: string[],
): Promise<Map<string, SellableVariant>> {
  if (variantIds.length === 0) return new Map();
  const rows = await runPrepared(
    tx
      .select({
        id: productVariants.id,
        productId: productVariants.productId,
        productName: products.name,
        productStatus: products.status,
        trackStock: products.trackStock,
        optionValues: productVariants.optionValues,
        sku: productVariants.sku,
        price: productVariants.price,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(eq(productVariants.shopId, shopId), anyOf(productVariants.id, [...new Set(variantIds)])))
      .orderBy(asc(productVariants.id))
      .for('update', { of: productVariants }),
  );
  return new Map(rows.map((r) => [r.id, r]));
}
