import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  agents,
  notifications,
  orderCounters,
  orderLines,
  orders,
  productVariants,
  products,
  stockMovements,
} from '@/server/db/schema';
import { newId } from '@/server/ids';
import { quotaMonthOf } from '@/features/order/server/order.repository';
import type { ApiTestbed } from './api-testbed';
import { createOk, simpleProduct } from './catalogue';
import { createShopFixture, type Member, type ShopFixture } from './fixtures';

type Call = ApiTestbed['server']['call'];
type Params = Record<string, string | number | undefined>;

function query(params: Params): string {
  const defined = Object.entries(params).filter(([, v]) => v !== undefined);
  return new URLSearchParams(defined.map(([k, v]) => [k, String(v)])).toString();
}

/** Someone acting in a shop: their token and the shop id they name in the request. */
export interface Actor {
  token: string | undefined;
  shopId: string;
}

export const as = (fixture: ShopFixture, role: keyof ShopFixture['members'] = 'admin'): Actor => ({
  token: fixture.members[role].token,
  shopId: fixture.shop.id,
});

/** Every orders, clients and home route, called through the real server. */
export function orderCalls(bed: ApiTestbed) {
  // The server starts in beforeAll: looked up at each call.
  const call: Call = (method, path, options) => bed.server.call(method, path, options);
  const post = (path: string, a: Actor, body: Record<string, unknown>) =>
    call('POST', path, { token: a.token, body: { shopId: a.shopId, ...body } });
  const get = (path: string, a: Actor, params: Params = {}) =>
    call('GET', `${path}?${query({ shopId: a.shopId, ...params })}`, { token: a.token });
  return {
    create: (a: Actor, body: Record<string, unknown>) => post('/api/order/create', a, body),
    get: (a: Actor, orderId: string) => get('/api/order/get', a, { orderId }),
    list: (a: Actor, params: Params = {}) => get('/api/order/list', a, params),
    count: (a: Actor, params: Params = {}) => get('/api/order/count', a, params),
    update: (a: Actor, orderId: string, body: Record<string, unknown>) =>
      post('/api/order/update', a, { orderId, ...body }),
    changeStatus: (a: Actor, orderId: string, status: string) =>
      post('/api/order/changeStatus', a, { orderId, status }),
    bulkChangeStatus: (a: Actor, orderIds: string[], status: string) =>
      post('/api/order/bulkChangeStatus', a, { orderIds, status }),
    addPayment: (a: Actor, orderId: string, amount: number, method = 'cash', reference?: string) =>
      post('/api/order/addPayment', a, { orderId, amount, method, reference }),
    refund: (a: Actor, orderId: string, body: Record<string, unknown>) =>
      post('/api/order/refund', a, { orderId, method: 'cash', ...body }),
    addNote: (a: Actor, orderId: string, note: string) => post('/api/order/addNote', a, { orderId, note }),
    views: (a: Actor) => get('/api/order/views', a),
    saveView: (a: Actor, name: string, filters: Record<string, unknown>) =>
      post('/api/order/saveView', a, { name, filters }),
    deleteView: (a: Actor, viewId: string) => post('/api/order/deleteView', a, { viewId }),
    searchClients: (a: Actor, search: string) => get('/api/client/search', a, { search }),
    createClient: (a: Actor, body: Record<string, unknown>) => post('/api/client/create', a, body),
    home: (a: Actor) => get('/api/home/summary', a),
    quotas: async (a: Actor) => {
      const answer = await get('/api/shop/getShop', a);
      expect(answer.status).toBe(200);
      return answer.body.planQuotas as { maxNumberOfOrders: number | string; currentNumberOfOrders: number };
    },
    /** The CSV download as bytes and text, as a browser would receive it. */
    exportCsv: async (a: Actor, params: Params = {}, path = '/api/order/exportCsv') => {
      const response = await fetch(`${bed.server.url}${path}?${query({ shopId: a.shopId, ...params })}`, {
        headers: a.token ? { authorization: `Bearer ${a.token}` } : {},
      });
      const text = Buffer.from(await response.arrayBuffer()).toString('utf8');
      return { status: response.status, headers: response.headers, text };
    },
    /** « Lignes »: one row per order line. */
    exportLinesCsv: (a: Actor, params: Params = {}) =>
      orderCalls(bed).exportCsv(a, params, '/api/order/exportLinesCsv'),
  };
}

/** One line of an order body. */
export const line = (variantId: string, quantity = 1, lineDiscount?: number) => ({
  variantId,
  quantity,
  ...(lineDiscount === undefined ? {} : { lineDiscount }),
});

/** Creates an order through the API and answers its DTO, failing loudly when refused. */
export async function createOrderOk(
  bed: ApiTestbed,
  a: Actor,
  body: Record<string, unknown>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<any> {
  const answer = await orderCalls(bed).create(a, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** A product with one variant; answers the ids an order needs. */
export async function sellable(
  bed: ApiTestbed,
  a: Actor,
  name: string,
  price = 1000,
  extra: Parameters<typeof simpleProduct>[2] = {},
): Promise<{ productId: string; variantId: string }> {
  const product = await createOk(bed, a.token!, a.shopId, simpleProduct(name, price, extra));
  return { productId: product._id as string, variantId: product.variants[0]._id as string };
}

export async function variantStock(bed: ApiTestbed, variantId: string): Promise<number> {
  const [row] = await bed.database.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row!.stock;
}

export async function productStockTotal(bed: ApiTestbed, productId: string): Promise<number> {
  const [row] = await bed.database.db
    .select({ n: products.stockTotal })
    .from(products)
    .where(eq(products.id, productId));
  return row!.n;
}

export async function movementsOfVariant(bed: ApiTestbed, variantId: string) {
  return bed.database.db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.variantId, variantId))
    .orderBy(asc(stockMovements.id));
}

/** Every order row of a shop, by number. */
export async function ordersOfShop(bed: ApiTestbed, shopId: string) {
  return bed.database.db.select().from(orders).where(eq(orders.shopId, shopId)).orderBy(asc(orders.number));
}

export async function counterOf(bed: ApiTestbed, shopId: string) {
  const [row] = await bed.database.db.select().from(orderCounters).where(eq(orderCounters.shopId, shopId));
  return row ?? null;
}

/** Pretends the shop already took `count` orders this month (numbers up to 1000 + count). */
export async function setMonthCount(bed: ApiTestbed, fixture: ShopFixture, count: number): Promise<void> {
  const month = quotaMonthOf(fixture.shop.timeZone);
  await bed.database.db
    .insert(orderCounters)
    .values({ shopId: fixture.shop.id, lastNumber: 1000 + count, month, monthCount: count })
    .onConflictDoUpdate({
      target: orderCounters.shopId,
      set: { lastNumber: 1000 + count, month, monthCount: count },
    });
}

export async function orderNotifications(bed: ApiTestbed, shopId: string) {
  const rows = await bed.database.db.select().from(notifications).where(eq(notifications.shopId, shopId));
  return rows.filter((n) => n.type === 'order');
}

/**
 * An order written straight into the tables, as the till (not built yet) will write a cashier's
 * sale: the API lets a cashier see only such orders of their own.
 */
export async function insertOrderFor(
  bed: ApiTestbed,
  fixture: ShopFixture,
  by: Member,
  variant: { productId: string; variantId: string },
  number: number,
  total = 1000,
): Promise<string> {
  const id = newId();
  await bed.database.db.insert(orders).values({
    id,
    shopId: fixture.shop.id,
    number,
    channel: 'pos',
    fulfilmentStatus: 'delivered',
    subtotal: total,
    total,
    paidAmount: total,
    paymentStatus: 'paid',
    searchText: String(number),
    createdByUserId: by.user.id,
  });
  await bed.database.db.insert(orderLines).values({
    id: newId(),
    shopId: fixture.shop.id,
    orderId: id,
    variantId: variant.variantId,
    productId: variant.productId,
    productName: 'Vente en caisse',
    unitPrice: total,
    quantity: 1,
    total,
  });
  return id;
}

/** The team member's agent id, which the list's « Agent » filter takes (not the user id). */
export async function agentIdOf(
  bed: ApiTestbed,
  fixture: ShopFixture,
  role: keyof ShopFixture['members'],
): Promise<string> {
  const [row] = await bed.database.db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.shopId, fixture.shop.id), eq(agents.userId, fixture.members[role].user.id)));
  return row!.id;
}

export const freshShop = (bed: ApiTestbed, name: string) => createShopFixture(bed.database.db, name);

export const idempotencyKey = () => `cle-${randomBytes(8).toString('hex')}`;

/** French typography puts no-break spaces in messages; some checks compare plain text. */
export const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
