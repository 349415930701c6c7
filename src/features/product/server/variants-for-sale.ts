import { sql } from 'drizzle-orm';
import { executePrepared, type Executor } from '@/server/db';
import type { ListingChannel } from '../product.constants';

/** What a sale needs to know of a variant: its price, its product's name and status, its stock. */
export interface SellableVariant {
  id: string;
  productId: string;
  productName: string;
  productStatus: string;
  /**
   * The product's category then its ancestors, for discounts by category: one on « Vêtements »
   * reaches a product filed under « Vêtements > Robes ». Empty when the product has none.
   */
  categoryIds: string[];
  trackStock: boolean;
  /** The product's « seuil de stock bas ». */
  lowStockThreshold: number;
  optionValues: string[];
  sku: string | null;
  price: number;
  /**
   * The sales channel's own price (Canaux de vente: a WhatsApp or site-only promotion), when the
   * sale is on a channel that has one for this variant; null otherwise.
   */
  channelPrice: number | null;
  /** « Prix de revient », kept on the order line for the margin; null when the shop never set it. */
  costPrice: number | null;
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
 * Written by hand: every order runs it, and the query builder cost more than the query. The
 * product's category chain is walked up in the same statement; a cycle, which the editor never
 * allows, stops at 32 levels. `channel`'s own prices come with it too (one round trip fewer per
 * order than reading them apart); none is read without one.
 */
export async function lockVariantsForSale(
  tx: Executor,
  shopId: string,
  variantIds: string[],
  channel: ListingChannel | null = null,
): Promise<Map<string, SellableVariant>> {
  if (variantIds.length === 0) return new Map();
  const rows = await executePrepared<{
    id: string;
    product_id: string;
    product_name: string;
    product_status: string;
    category_ids: string[];
    track_stock: boolean;
    low_stock_threshold: number;
    option_values: string[];
    sku: string | null;
    price: string | number;
    channel_price: string | number | null;
    cost_price: string | number | null;
    stock: number;
  }>(
    tx,
    sql`select v.id, v.product_id, p.name as product_name, p.status as product_status,
      coalesce((
        with recursive up(id, parent_id, depth) as (
          select c.id, c.parent_id, 1 from product_categories c where c.id = p.category_id
          union all
          select c.id, c.parent_id, up.depth + 1 from up join product_categories c on c.id = up.parent_id
          where up.depth < 32
        )
        select array_agg(up.id order by up.depth) from up
      ), '{}') as category_ids,
      p.track_stock, p.low_stock_threshold, v.option_values, v.sku, v.price, v.cost_price, v.stock,
      (select cp.price from variant_channel_prices cp
        where cp.variant_id = v.id and cp.channel = ${channel}::text) as channel_price
    from product_variants v join products p on p.id = v.product_id
    where v.shop_id = ${shopId} and v.id = any(${sql.param([...new Set(variantIds)])}::text[])
    order by v.id
    for update of v`,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        productId: r.product_id,
        productName: r.product_name,
        productStatus: r.product_status,
        categoryIds: r.category_ids,
        trackStock: r.track_stock,
        lowStockThreshold: r.low_stock_threshold,
        optionValues: r.option_values,
        sku: r.sku,
        price: Number(r.price),
        channelPrice: r.channel_price === null ? null : Number(r.channel_price),
        costPrice: r.cost_price === null ? null : Number(r.cost_price),
        stock: Number(r.stock),
      },
    ]),
  );
}
