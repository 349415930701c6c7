import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { shops, stockMovements } from '@/server/db/schema';
import type { ApiTestbed } from './api-testbed';

/** French typography in API messages: a no-break space before « : » and inside guillemets. */
export const NBSP = '\u00a0';
const DAY = 86_400_000;

export interface VariantBody {
  id?: string;
  optionValues: string[];
  price: number;
  compareAtPrice?: number | null;
  costPrice?: number | null;
  sku?: string | null;
  barcode?: string | null;
  stock?: number;
}

export interface ProductBody {
  name: string;
  descriptionHtml?: string;
  status?: 'active' | 'draft' | 'archived';
  categoryId?: string | null;
  tags?: string[];
  trackStock?: boolean;
  lowStockThreshold?: number;
  options?: Array<{ name: string; values: string[] }>;
  variants: VariantBody[];
}

/** A product without options: its one variant at `price`, with `stock` units. */
export function simpleProduct(name: string, price = 1000, extra: Partial<ProductBody> & VariantExtra = {}) {
  const { sku, barcode, stock, compareAtPrice, ...rest } = extra;
  return {
    name,
    ...rest,
    variants: [{ optionValues: [], price, sku, barcode, stock, compareAtPrice }],
  } satisfies ProductBody;
}
type VariantExtra = Pick<VariantBody, 'sku' | 'barcode' | 'stock' | 'compareAtPrice'>;

export function catalogueCalls(bed: ApiTestbed) {
  // The server starts in beforeAll: looked up at each call.
  const call: ApiTestbed['server']['call'] = (method, path, options) =>
    bed.server.call(method, path, options);
  return {
    create: (token: string | undefined, shopId: string, product: ProductBody) =>
      call('POST', '/api/product/create', { token, body: { shopId, ...product } }),
    update: (token: string, shopId: string, productId: string, product: ProductBody) =>
      call('POST', '/api/product/update', { token, body: { shopId, productId, ...product } }),
    get: (token: string | undefined, shopId: string, productId: string) =>
      call('GET', `/api/product/get?shopId=${shopId}&productId=${productId}`, { token }),
    list: (token: string | undefined, shopId: string, params: Record<string, string | number> = {}) =>
      call(
        'GET',
        `/api/product/list?${new URLSearchParams({ shopId, ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) })}`,
        { token },
      ),
    bulk: (token: string, shopId: string, productIds: string[], change: Record<string, unknown>) =>
      call('POST', '/api/product/bulk', { token, body: { shopId, productIds, change } }),
    adjust: (
      token: string | undefined,
      shopId: string,
      variantId: string,
      quantity: number,
      reason = 'correction',
      note?: string,
    ) =>
      call('POST', '/api/product/adjustStock', {
        token,
        body: { shopId, variantId, quantity, reason, ...(note === undefined ? {} : { note }) },
      }),
    inventory: (
      token: string,
      shopId: string,
      counts: Array<{ variantId: string; counted: number }>,
      note?: string,
    ) =>
      call('POST', '/api/product/inventoryCount', {
        token,
        body: { shopId, counts, ...(note === undefined ? {} : { note }) },
      }),
    history: (
      token: string,
      shopId: string,
      productId: string,
      params: Record<string, string | number> = {},
    ) =>
      call(
        'GET',
        `/api/product/stockHistory?${new URLSearchParams({ shopId, productId, ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) })}`,
        { token },
      ),
    createCategory: (token: string, shopId: string, name: string, parentId: string | null = null) =>
      call('POST', '/api/product/createCategory', { token, body: { shopId, name, parentId } }),
  };
}

/** Creates a product through the API and answers its DTO, failing loudly when refused. */
export async function createOk(
  bed: ApiTestbed,
  token: string,
  shopId: string,
  product: ProductBody,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<any> {
  const answer = await catalogueCalls(bed).create(token, shopId, product);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

export async function movementsOf(bed: ApiTestbed, variantId: string) {
  return bed.database.db.select().from(stockMovements).where(eq(stockMovements.variantId, variantId));
}

/** Trial over and no paid period: the shop runs on the `free` plan (50 products). */
export async function putOnFreePlan(bed: ApiTestbed, shopId: string): Promise<void> {
  await bed.database.db
    .update(shops)
    .set({ subscriptionPlan: 'free', shopExpiresAt: null, freeTrialExpiresAt: new Date(Date.now() - DAY) })
    .where(eq(shops.id, shopId));
}
