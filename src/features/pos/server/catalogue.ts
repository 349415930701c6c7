import type { Executor } from '@/server/db';
import { productChanges } from '@/features/product/server/product-changes';
import { productIdsHiddenOn } from '@/features/product/server/channel-listings';
import type { PosProduct } from '../pos.schemas';

/**
 * The till's copy of the catalogue: products changed since the cursor; inactive, deleted or
 * withheld from the till (Canaux de vente) as removed.
 */
export async function catalogueChanges(
  db: Executor,
  shopId: string,
  since: string | undefined,
  limit: number,
) {
  const changes = await productChanges(db, shopId, since, limit);
  const hidden = await productIdsHiddenOn(
    db,
    shopId,
    'pos',
    changes.products.map((p) => p.id),
  );
  const items: PosProduct[] = changes.products.map((p) => ({
    id: p.id,
    name: p.name,
    categoryId: p.categoryId,
    imageUrl: p.coverUrl,
    trackStock: p.trackStock,
    isRemoved: p.status !== 'active' || hidden.has(p.id),
    options: p.options,
    variants: p.variants.map((v) => ({
      id: v.id,
      optionValues: v.optionValues,
      price: v.price,
      sku: v.sku,
      barcode: v.barcode,
      stock: v.stock,
      imageUrl: v.imageUrl,
    })),
  }));
  for (const id of changes.deletedIds)
    items.push({
      id,
      name: '',
      categoryId: null,
      imageUrl: null,
      trackStock: false,
      isRemoved: true,
      options: [],
      variants: [],
    });
  return { items, categories: changes.categories, cursor: changes.cursor, hasMore: changes.hasMore };
}
