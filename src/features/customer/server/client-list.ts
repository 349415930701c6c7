import { sql, type SQL } from 'drizzle-orm';
import { executePrepared, rowOf, type Executor } from '@/server/db';
import { clients } from '@/server/db/schema/customer';
import { Errors } from '@/server/http/errors';
import {
  currencyOf,
  formatCsvAmount,
  guardFormula,
  phoneCellsFormatter,
  serializeCsvRow,
  type CsvSeparator,
} from '@/server/csv';
import type { ClientSort, TClientListQuery } from '../customer.schemas';
import { searchedClients, searchNeedle, type CustomerRow } from './customers';

export type ClientFilters = Omit<TClientListQuery, 'shopId' | 'after' | 'limit' | 'sort'>;

/*
 * Each sort walks its own index (clients_shop_*_idx) by keyset: the cursor holds the row's sort
 * value and id. Clients without an order come last when sorted by their last order.
 */
const SORTS: Record<ClientSort, { column: string; direction: 'asc' | 'desc'; nullable: boolean }> = {
  lastOrder: { column: 'last_order_at', direction: 'desc', nullable: true },
  totalSpent: { column: 'total_spent', direction: 'desc', nullable: false },
  ordersCount: { column: 'orders_count', direction: 'desc', nullable: false },
  name: { column: 'name', direction: 'asc', nullable: false },
};

type Cursor = [value: string | number | null, id: string];

function readCursor(after: string | undefined): Cursor | null {
  if (!after) return null;
  try {
    const cursor = JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(cursor) && cursor.length === 2 && typeof cursor[1] === 'string')
      return cursor as Cursor;
  } catch {
    // Falls through to the refusal.
  }
  throw Errors.validation({ after: 'Curseur de pagination invalide.' });
}

function cursorOf(row: ClientListRow, sort: ClientSort): string {
  const value =
    sort === 'lastOrder'
      ? (row.lastOrderAt?.toISOString() ?? null)
      : sort === 'totalSpent'
        ? row.totalSpent
        : sort === 'ordersCount'
          ? row.ordersCount
          : row.name;
  return Buffer.from(JSON.stringify([value, row.id])).toString('base64url');
}

/**
 * The rows after the cursor, in the sort's order, as one row comparison: the sort's index starts
 * right there (an OR of « less than » and « equal and id less than » reads every row before it,
 * half the shop for a page half-way). Past a non-null value of a nullable sort, the clients without
 * a value follow: listClients reads them as a second branch (see there).
 */
function afterCursor(sort: ClientSort, cursor: Cursor | null): SQL {
  if (!cursor) return sql`true`;
  const { column, direction, nullable } = SORTS[sort];
  const col = sql.raw(column);
  const [value, id] = cursor;
  const cmp = sql.raw(direction === 'desc' ? '<' : '>');
  const typed = sort === 'lastOrder' ? sql`${value}::timestamptz` : sql`${value}`;
  if (nullable && value === null) return sql`(${col} is null and id ${cmp} ${id})`;
  return sql`(${col}, id) ${cmp} (${typed}, ${id})`;
}

/**
 * The sort, written as its index is (« nulls last » on every column): PostgreSQL's « desc » alone
 * means « nulls first », which the index does not serve even for a column that is never null, and
 * the whole shop was then sorted for every page.
 */
function orderBy(sort: ClientSort): SQL {
  const { column, direction } = SORTS[sort];
  return sql.raw(`${column} ${direction} nulls last, id ${direction} nulls last`);
}

/**
 * A search is planned for its own words each time (a statement of its own, not a prepared one):
 * the plan kept for a prepared statement is made for any shop and any words, and reads the shop's
 * whole id index next to the trigram one (10 times the work for a phone number).
 */
function runList(db: Executor, filters: ClientFilters, query: SQL) {
  return searchNeedle(filters.search)
    ? (db.execute(query) as unknown as Promise<{ rows: Record<string, unknown>[] }>).then((r) => r.rows)
    : executePrepared(db, query);
}

/** The list's filter as SQL, in the shop's time zone for the dates. */
export function clientConditions(shop: { id: string; timeZone: string }, filters: ClientFilters): SQL {
  const parts: SQL[] = [sql`shop_id = ${shop.id}`];
  const needle = searchNeedle(filters.search);
  if (needle) parts.push(searchedClients(shop.id, needle));
  if (filters.tag) parts.push(sql`tags @> array[${filters.tag}]::text[]`);
  if (filters.commune) parts.push(sql`lower(commune) = lower(${filters.commune})`);
  if (filters.firstChannel) parts.push(sql`first_channel = ${filters.firstChannel}`);
  if (filters.hasBalance !== undefined) parts.push(filters.hasBalance ? sql`balance > 0` : sql`balance = 0`);
  if (filters.lastOrderFrom)
    parts.push(
      sql`last_order_at >= (${filters.lastOrderFrom}::date::timestamp at time zone ${shop.timeZone})`,
    );
  if (filters.lastOrderTo)
    parts.push(
      sql`last_order_at < ((${filters.lastOrderTo}::date + 1)::timestamp at time zone ${shop.timeZone})`,
    );
  if (filters.spentMin !== undefined) parts.push(sql`total_spent >= ${filters.spentMin}`);
  if (filters.spentMax !== undefined) parts.push(sql`total_spent <= ${filters.spentMax}`);
  if (filters.consent === 'sms') parts.push(sql`consent_sms_at is not null`);
  if (filters.consent === 'whatsapp') parts.push(sql`consent_whatsapp_at is not null`);
  return sql.join(parts, sql` and `);
}

/** What the list shows of a client (toClientSummary) and its cursor needs: all it reads. */
export type ClientListRow = Pick<
  CustomerRow,
  | 'id'
  | 'name'
  | 'phone'
  | 'email'
  | 'commune'
  | 'tags'
  | 'ordersCount'
  | 'totalSpent'
  | 'lastOrderAt'
  | 'balance'
  | 'storeCredit'
>;
const LIST_COLUMNS = sql.raw(
  'id, name, phone, email, commune, tags, orders_count, total_spent, last_order_at, balance, store_credit',
);

/**
 * A page by keyset on the sort chosen, of `columns` of the clients (their raw rows). After a value
 * of a nullable sort: the rows after it by the index, then those without a value (last in this
 * order), each branch by the index and limited, merged in order.
 */
async function readPage(
  db: Executor,
  shop: { id: string; timeZone: string },
  filters: ClientFilters,
  page: { sort: ClientSort; after?: string; limit: number },
  columns: SQL,
) {
  const cursor = readCursor(page.after);
  const where = clientConditions(shop, filters);
  const order = orderBy(page.sort);
  const { column, nullable } = SORTS[page.sort];
  const rows = await runList(
    db,
    filters,
    nullable && cursor && cursor[0] !== null
      ? sql`select * from (
          (select ${columns} from clients where ${where} and ${afterCursor(page.sort, cursor)}
            order by ${order} limit ${page.limit + 1})
          union all
          (select ${columns} from clients where ${where} and ${sql.raw(column)} is null
            order by ${order} limit ${page.limit + 1})
        ) page
        order by ${order}
        limit ${page.limit + 1}`
      : sql`select ${columns} from clients
          where ${where} and ${afterCursor(page.sort, cursor)}
          order by ${order}
          limit ${page.limit + 1}`,
  );
  const items = rows.slice(0, page.limit).map((r) => rowOf(clients, r));
  const last = items.at(-1);
  return { items, nextCursor: rows.length > page.limit && last ? cursorOf(last, page.sort) : null };
}

/**
 * A page of the list: only the columns it shows (a third of the row; reading and mapping all of
 * them was half of a page's cost at 10 requests at once).
 */
export async function listClients(
  db: Executor,
  shop: { id: string; timeZone: string },
  filters: ClientFilters,
  page: { sort: ClientSort; after?: string; limit: number },
): Promise<{ items: ClientListRow[]; nextCursor: string | null }> {
  return readPage(db, shop, filters, page, LIST_COLUMNS);
}

/** A page of whole client rows, in the list's order (the CSV export). */
export async function listClientRows(
  db: Executor,
  shop: { id: string; timeZone: string },
  filters: ClientFilters,
  page: { sort: ClientSort; after?: string; limit: number },
): Promise<{ items: CustomerRow[]; nextCursor: string | null }> {
  return readPage(db, shop, filters, page, sql.raw('*'));
}

const COUNT_CAP = 10_000;

/** How many clients the filter holds, counted up to 10 000 (« plus de 10 000 » beyond). */
export async function countClients(
  db: Executor,
  shop: { id: string; timeZone: string },
  filters: ClientFilters,
): Promise<{ count: number; isCapped: boolean }> {
  const [row] = (await runList(
    db,
    filters,
    sql`select count(*)::int as n from (
      select 1 from clients where ${clientConditions(shop, filters)} limit ${COUNT_CAP + 1}
    ) capped`,
  )) as Array<{ n: number }>;
  const n = Number(row?.n ?? 0);
  return n > COUNT_CAP ? { count: COUNT_CAP, isCapped: true } : { count: n, isCapped: false };
}

const HEADERS = [
  'Prénom',
  'Nom',
  'Téléphone',
  'Indicatif',
  'Deuxième téléphone',
  'E-mail',
  'Commune',
  'Quartier',
  'Point de repère',
  'Étiquettes',
  'Commandes',
  'Total dépensé',
  'Dernière commande',
  'Ardoise',
  'Consentement SMS',
  'Consentement WhatsApp',
];

/** The filter's clients as CSV chunks (the list's order), read 1 000 at a time: memory stays flat. */
export async function* exportClientsCsv(
  db: Executor,
  shop: { id: string; timeZone: string; currency: string },
  filters: ClientFilters,
  sort: ClientSort,
  separator: CsvSeparator = ';',
): AsyncGenerator<string> {
  const { minorDigits } = currencyOf(shop);
  const money = (n: number) => formatCsvAmount(n, minorDigits, separator === ';' ? ',' : '.');
  const day = new Intl.DateTimeFormat('fr-FR', { timeZone: shop.timeZone, dateStyle: 'short' });
  const date = (d: Date | null) => (d ? day.format(d) : '');
  const text = (s: string | null) => guardFormula(s ?? '');
  const phone = phoneCellsFormatter();
  yield '\uFEFF' + serializeCsvRow(HEADERS, separator);
  let after: string | undefined;
  do {
    const page = await listClientRows(db, shop, filters, { sort, after, limit: 1000 });
    yield page.items
      .map((c) => {
        const main = phone(c.phone);
        const second = phone(c.phone2);
        return serializeCsvRow(
          [
            text(c.firstName),
            text(c.lastName),
            main.national,
            main.countryCode,
            second.national ? `${second.countryCode} ${second.national}` : '',
            text(c.email),
            text(c.commune),
            text(c.quartier),
            text(c.landmark),
            text(c.tags.join(', ')),
            String(c.ordersCount),
            money(c.totalSpent),
            date(c.lastOrderAt),
            money(c.balance),
            date(c.consentSmsAt),
            date(c.consentWhatsappAt),
          ],
          separator,
        );
      })
      .join('');
    after = page.nextCursor ?? undefined;
  } while (after);
}
