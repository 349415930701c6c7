import { and, desc, eq, gte, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { likePattern } from '@/server/db/like';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { builtOnceFor, PREPARED, type Executor } from '@/server/db';
import { getEnv } from '@/server/env';
import { orderAdjustments, orderLines, orderPayments, orders } from '@/server/db/schema/order';
import { productIdsOfCategory } from '@/features/product/server/product.repository';
import { communeKey, NO_COMMUNE_KEY } from '@/features/stats/communes';
import { dayjs } from '@/shared/dayjs';
import { toE164 } from '@/shared/phone';
import { normalizeForSearch } from '@/shared/search';
import { localReferenceInSearch } from '@/shared/local-reference';
import type { CountryCode } from 'libphonenumber-js';
import { NO_CATEGORY, NO_COMMUNE, type TOrderFilters } from '../order.schemas';
import type { OrderRow } from './order.repository';
import { cappedCountQuery } from './order-figures';

export interface OrderScope {
  shopId: string;
  country: string;
  timeZone: string;
  /** A cashier sees only the sales they made. */
  onlyCreatedBy: string | null;
}

/**
 * How a condition takes its values: as themselves (the statement is written for this call: the
 * count, the exports), or as named placeholders (`sql.placeholder`), so that the list's statement
 * is written once per shape of filters and run with new values (listOrders).
 */
export type Bind = <T>(name: string, value: T) => T | Placeholder;
const asValue: Bind = (_name, value) => value;

/** `column = any($n)`: one shape whatever the number of values, as a placeholder or as values. */
function anyOfValues(column: AnyPgColumn, bind: Bind, name: string, values: string[]): SQL {
  const bound = bind(name, values);
  // An array in drizzle's sql`` is a list of parameters; the array itself is one.
  return sql`${column} = any(${Array.isArray(bound) ? sql.param(bound) : bound}::text[])`;
}

/**
 * The search box. « #1042 » is that order number only; « Ticket local n° KQFT-2 » (or « KQFT-2 »),
 * as a till's receipt printed it before the sale had its number, is that till sale only (its own
 * partial index). Digits (spaces, « + » and dashes allowed, as
 * people type phones) are an order number or part of the client's phone; a full phone number in
 * any form also matches the client's E.164 phone exactly. Anything else is the client's name, by
 * trigram. `search_text` holds the name and phone digits, not the number, so « 1001 » never finds
 * order #11001.
 */
function searchCondition(
  search: string,
  country: string,
  bind: Bind,
): { kind: string; condition: SQL | undefined } {
  const term = normalizeForSearch(search);
  if (!term) return { kind: '', condition: undefined };
  const localReference = localReferenceInSearch(search);
  if (localReference)
    return { kind: 'local', condition: eq(orders.localReference, bind('localReference', localReference)) };
  const hashNumber = /^#\s*(\d{1,9})$/.exec(term);
  if (hashNumber) return { kind: '#', condition: eq(orders.number, bind('number', Number(hashNumber[1]))) };
  if (/^[\d\s+().-]+$/.test(term)) {
    const digits = term.replace(/\D/g, '');
    if (!digits) return { kind: '', condition: undefined };
    const byPhoneDigits = sql`${orders.searchText} like ${bind('pattern', likePattern(digits))}`;
    const phone = digits.length >= 8 ? toE164(search, country as CountryCode) : null;
    if (phone)
      return { kind: 'phone', condition: or(eq(orders.clientPhone, bind('phone', phone)), byPhoneDigits) };
    return digits.length <= 9
      ? { kind: 'digits', condition: or(eq(orders.number, bind('number', Number(digits))), byPhoneDigits) }
      : { kind: 'long digits', condition: byPhoneDigits };
  }
  return { kind: 'text', condition: sql`${orders.searchText} like ${bind('pattern', likePattern(term))}` };
}

const ACCENTED = 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿ';
const PLAIN = `${'a'.repeat(12)}cc${'e'.repeat(8)}${'i'.repeat(8)}nn${'o'.repeat(10)}${'u'.repeat(8)}yyy`;

/**
 * The delivery address's commune keyed in SQL as `communeKey` keys it in « Par commune » (case,
 * accents, ligatures, hyphens, apostrophes and runs of spaces set aside), '' for none: the
 * drill-down from a commune's row finds every spelling the report put together.
 */
function communeKeySql(): SQL {
  const typed = sql`coalesce(${orders.deliveryAddress} ->> 'commune', '')`;
  const plain = sql`replace(replace(replace(replace(translate(${typed}, ${ACCENTED}, ${PLAIN}), 'Œ', 'oe'), 'œ', 'oe'), 'Æ', 'ae'), 'æ', 'ae')`;
  return sql`btrim(regexp_replace(lower(${plain}), ${"[[:space:][:cntrl:]‐‑–—'’-]+"}, ' ', 'g'))`;
}

/** An order with a line of these products (a subquery) or of this variant. */
function hasLine(condition: SQL): SQL {
  return sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${condition})`;
}

/** The drill-downs of Statistiques: the orders behind one row of a report. */
function drillDownConditions(scope: OrderScope, filters: TOrderFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.clientId) conditions.push(eq(orders.clientId, filters.clientId));
  if (filters.productId) conditions.push(hasLine(eq(orderLines.productId, filters.productId)));
  if (filters.variantId) conditions.push(hasLine(eq(orderLines.variantId, filters.variantId)));
  if (filters.categoryId) {
    const category = filters.categoryId === NO_CATEGORY ? null : filters.categoryId;
    conditions.push(
      hasLine(sql`${orderLines.productId} in (${productIdsOfCategory(scope.shopId, category)})`),
    );
  }
  if (filters.discountId)
    conditions.push(
      sql`exists (select 1 from ${orderAdjustments} where ${orderAdjustments.orderId} = ${orders.id} and ${orderAdjustments.discountId} = ${filters.discountId})`,
    );
  if (filters.commune) {
    const key = filters.commune === NO_COMMUNE ? '' : communeKey(filters.commune);
    conditions.push(sql`${communeKeySql()} = ${key === NO_COMMUNE_KEY ? '' : key}`);
  }
  return conditions;
}

/** The conditions of the list, its count and its export: one definition so they always agree. */
export function orderConditions(scope: OrderScope, filters: TOrderFilters): SQL[] {
  return boundOrderConditions(scope, filters, asValue).conditions;
}

/**
 * orderConditions with its values bound by `bind`, and the shape of the statement they make: two
 * calls with the same shape write the same text (placeholders, not values, vary between them).
 * `shape` is null for the drill-downs of Statistiques, whose subqueries carry values of their own.
 */
function boundOrderConditions(
  scope: OrderScope,
  filters: TOrderFilters,
  bind: Bind,
): { conditions: SQL[]; shape: string | null } {
  const conditions: SQL[] = [eq(orders.shopId, bind('shopId', scope.shopId))];
  const shape: string[] = [];
  const add = (name: string, condition: SQL) => {
    conditions.push(condition);
    shape.push(name);
  };
  if (scope.onlyCreatedBy) add('own', eq(orders.createdByUserId, bind('own', scope.onlyCreatedBy)));
  if (filters.fulfilment?.length)
    add('fulfilment', anyOfValues(orders.fulfilmentStatus, bind, 'fulfilment', filters.fulfilment));
  if (filters.payment?.length)
    add('payment', anyOfValues(orders.paymentStatus, bind, 'payment', filters.payment));
  if (filters.channel) add('channel', eq(orders.channel, bind('channel', filters.channel)));
  if (filters.agentId) add('agent', eq(orders.createdByUserId, bind('agentId', filters.agentId)));
  if (filters.method)
    add(
      'method',
      sql`exists (select 1 from ${orderPayments} where ${orderPayments.orderId} = ${orders.id} and ${orderPayments.method} = ${bind('method', filters.method)})`,
    );
  // Days are the shop's days: « aujourd'hui » in Dakar starts at midnight in Dakar.
  if (filters.from)
    add('from', gte(orders.createdAt, bind('from', dayjs.tz(filters.from, scope.timeZone).toDate())));
  if (filters.to)
    add('to', lt(orders.createdAt, bind('to', dayjs.tz(filters.to, scope.timeZone).add(1, 'day').toDate())));
  const drillDowns = drillDownConditions(scope, filters);
  conditions.push(...drillDowns);
  const search = filters.search ? searchCondition(filters.search, scope.country, bind) : undefined;
  if (search?.condition) add(`search ${search.kind}`, search.condition);
  return { conditions, shape: drillDowns.length ? null : shape.join(',') };
}

/**
 * Newest first, keyset-paginated from the last order shown: page 20 000 costs what page 1 does. A
 * list bounded by dates is ordered by the time each order was placed (the date it shows; a till's
 * sale synced late among its day's), from an index on it that starts at the period's end however
 * old — by id, a month of a year ago was found under every order placed since (2 s at 1 000 000
 * orders). Any other list by id: ids grow with time, and the index of every filter ends with it.
 * The cursor is the last order's id either way.
 */
export function newestFirst(
  shopId: string,
  filters: Pick<TOrderFilters, 'from' | 'to'>,
  bind: Bind = asValue,
): {
  orderBy: SQL[];
  after: (id: string) => SQL;
} {
  if (!filters.from && !filters.to)
    return { orderBy: [desc(orders.id)], after: (id) => lt(orders.id, bind('after', id)) };
  return {
    orderBy: [desc(orders.createdAt), desc(orders.id)],
    // A row comparison the index reads as one range: (placed, id) before the last order's — an
    // order of this shop: another shop's id finds nothing, and tells nothing of when it was placed.
    after: (id) =>
      sql`(${orders.createdAt}, ${orders.id}) < ((select o.created_at from ${orders} o where o.shop_id = ${bind('shopId', shopId)} and o.id = ${bind('after', id)}), ${bind('after', id)})`,
  };
}

/** What a row of the list shows (toOrderSummary): half the order's columns, a third of its bytes. */
const SUMMARY_COLUMNS = {
  id: orders.id,
  number: orders.number,
  channel: orders.channel,
  clientId: orders.clientId,
  clientName: orders.clientName,
  clientPhone: orders.clientPhone,
  fulfilmentStatus: orders.fulfilmentStatus,
  paymentStatus: orders.paymentStatus,
  total: orders.total,
  paidAmount: orders.paidAmount,
  refundedAmount: orders.refundedAmount,
  createdByUserId: orders.createdByUserId,
  createdAt: orders.createdAt,
};
export type OrderSummaryRow = Pick<OrderRow, keyof typeof SUMMARY_COLUMNS>;

/** The statement of one page of the list (one row more than asked: is there a next page?). */
function pageStatement(
  db: Executor,
  conditions: SQL[],
  order: ReturnType<typeof newestFirst>,
  after: string | undefined,
  limit: unknown,
) {
  return db
    .select(SUMMARY_COLUMNS)
    .from(orders)
    .where(and(...conditions, after ? order.after(after) : undefined))
    .orderBy(...order.orderBy)
    .limit(limit as number);
}

/**
 * The list's statement for this call, as listOrders runs it: its text, with `$n` for the values
 * (`params`, in order). For bench:orders, to time the bare SQL of the very statement the app runs.
 */
export function listOrdersQuery(
  db: Executor,
  scope: OrderScope,
  filters: TOrderFilters,
  page: { after?: string; limit: number },
): { sql: string; params: unknown[] } {
  const { conditions } = boundOrderConditions(scope, filters, asValue);
  const order = newestFirst(scope.shopId, filters);
  return pageStatement(db, conditions, order, page.after, page.limit + 1).toSQL();
}

export async function listOrders(
  db: Executor,
  scope: OrderScope,
  filters: TOrderFilters,
  page: { after?: string; limit: number },
): Promise<{ items: OrderSummaryRow[]; nextCursor: string | null }> {
  const rows = await runListStatement(db, scope, filters, page);
  const items = rows.slice(0, page.limit);
  return { items, nextCursor: rows.length > page.limit ? items[items.length - 1]!.id : null };
}

/**
 * Writing a statement's text cost more CPU than PostgreSQL took to answer it (issue 20: « statements
 * built once »): the list's and the count's are written once per shape of filters, with
 * placeholders, kept prepared, and run with each call's values. A drill-down from Statistiques
 * (subqueries with values of their own) is written for its call.
 */
function runByShape<T>(
  db: Executor,
  name: string,
  scope: OrderScope,
  filters: TOrderFilters,
  page: { after?: string; limit: number } | null,
  statement: (
    conditions: SQL[],
    order: ReturnType<typeof newestFirst>,
    limit: unknown,
  ) => {
    prepare(name: string): { execute(values: Record<string, unknown>): Promise<T> };
    toSQL(): { sql: string };
  } & PromiseLike<T>,
): Promise<T> {
  const values: Record<string, unknown> = page ? { limit: page.limit + 1 } : {};
  const record: Bind = (key, value) => {
    values[key] = value;
    return sql.placeholder(key);
  };
  const bound = boundOrderConditions(scope, filters, record);
  const order = newestFirst(scope.shopId, filters, record);
  if (page?.after) order.after(page.after);
  if (bound.shape === null) {
    const conditions = boundOrderConditions(scope, filters, asValue).conditions;
    return Promise.resolve(
      statement(conditions, newestFirst(scope.shopId, filters), page ? page.limit + 1 : undefined),
    );
  }
  const key = `orders.${name} ${bound.shape}${page?.after ? ' after' : ''}`;
  const write = () => statement(bound.conditions, order, sql.placeholder('limit'));
  const kept = builtOnceFor(db, key, () => {
    const built = write();
    return { prepared: built.prepare(PREPARED), text: built.toSQL().sql };
  });
  // Tests run with this check: two calls of one shape must write one text, or the shape misses a
  // difference and a call would run another's statement.
  if (getEnv().NODE_ENV === 'test' && write().toSQL().sql !== kept.text)
    throw new Error(`La forme « ${key} » couvre deux requêtes différentes.`);
  return kept.prepared.execute(values);
}

function runListStatement(
  db: Executor,
  scope: OrderScope,
  filters: TOrderFilters,
  page: { after?: string; limit: number },
): Promise<OrderSummaryRow[]> {
  return runByShape(db, 'list', scope, filters, page, (conditions, order, limit) =>
    pageStatement(db, conditions, order, page.after, limit),
  );
}

export const COUNT_CAP = 10_000;

/**
 * How many orders match, counted up to a cap: past it the list says « plus de 10 000 », which is
 * all a person needs and keeps the count as cheap on a million orders as on a hundred.
 */
export async function countOrders(
  db: Executor,
  scope: OrderScope,
  filters: TOrderFilters,
): Promise<{ count: number; isCapped: boolean }> {
  const rows = await runByShape(db, 'count', scope, filters, null, (conditions) =>
    cappedCountQuery(db, conditions, COUNT_CAP),
  );
  const n = Number(rows[0]?.n ?? 0);
  return { count: Math.min(n, COUNT_CAP), isCapped: n > COUNT_CAP };
}
