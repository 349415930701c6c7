import { sql, type SQL } from 'drizzle-orm';
import { executePrepared, type Database, type Executor } from '@/server/db';
import { Errors } from '@/server/http/errors';
import { CHANNEL_LABELS, NO_CATEGORY, PAYMENT_METHOD_LABELS } from '@/features/order/order.schemas';
import { findPeople } from '@/features/user/server/user.repository';
import {
  categoryOfProducts,
  findCategories,
  productLabels,
  stockValuation,
  variantLabels,
} from '@/features/product/server/product.repository';
import {
  clientLabels,
  countFirstOrdersBetween,
  totalOwedByClients,
} from '@/features/customer/server/customers';
import { discountNames } from '@/features/discount/server';
import { cashHeldByRiders } from '@/features/delivery/server/ledger';
import {
  MAX_PERIOD_DAYS,
  STATS_REPORTS,
  type StatsFigures,
  type StatsQuery,
  type StatsReport,
  type StatsReportName,
  type StatsRow,
} from '../stats.schemas';
import {
  comparedPeriod,
  daysBetween,
  granularityOf,
  monthOf,
  pointsOf,
  splitByMonths,
  withinMonths,
  withinYears,
  yearOf,
  type Granularity,
} from '../periods';
import { communeKey, NO_COMMUNE_KEY, NO_COMMUNE_LABEL } from '../communes';

/** Rows a breakdown lists before « Autres »: a report's answer stays well under 50 KB. */
const MAX_ROWS = 100;
/** French order, made once: `localeCompare(…, 'fr')` builds a collator at every comparison. */
const FRENCH = new Intl.Collator('fr');
const FRENCH_UPPER_FIRST = new Intl.Collator('fr', { caseFirst: 'upper' });

export interface ReportScope {
  shopId: string;
  currency: string;
  timeZone: string;
  /** Set for a cashier: only the sales they made. */
  agentId: string | null;
}

type Period = { from: string; to: string };

// Each sum cast back to bigint: a sum of bigints is a numeric, which the embedded PGlite reads
// back several times slower (the amounts stay far below bigint's bounds).
const SUMS = sql.raw(`coalesce(sum(orders), 0)::bigint as orders, coalesce(sum(items), 0)::bigint as items,
  coalesce(sum(gross), 0)::bigint as gross, coalesce(sum(discounts), 0)::bigint as discounts,
  coalesce(sum(refunds), 0)::bigint as refunds, coalesce(sum(delivery), 0)::bigint as delivery,
  coalesce(sum(collected), 0)::bigint as collected, coalesce(sum(due), 0)::bigint as due,
  coalesce(sum(total), 0)::bigint as total`);

/** A row of sums (bigints come back as text from PostgreSQL) made into the figures. */
export function figuresOf(row: Record<string, unknown> | undefined): StatsFigures {
  const n = (name: string) => Number(row?.[name] ?? 0);
  const orders = n('orders');
  const beforeRefunds = n('gross') - n('discounts');
  return {
    orders,
    items: n('items'),
    gross: n('gross'),
    discounts: n('discounts'),
    refunds: n('refunds'),
    net: beforeRefunds - n('refunds'),
    delivery: n('delivery'),
    collected: n('collected'),
    due: n('due'),
    total: n('total'),
    averageBasket: orders ? Math.round((beforeRefunds + n('delivery')) / orders) : 0,
  };
}

/** The checks a period passes before any figure is read; each failure names its field. */
export function checkQuery(query: StatsQuery): { report: StatsReportName; period: Period } {
  if (!(STATS_REPORTS as readonly string[]).includes(query.report))
    throw Errors.validation({ report: `Rapport inconnu : « ${query.report} ».` });
  const days = daysBetween(query.from, query.to);
  if (Number.isNaN(days)) throw Errors.validation({ from: 'Indiquez une date qui existe.' });
  if (days < 0) throw Errors.validation({ to: 'La date de fin précède la date de début.' });
  if (days + 1 > MAX_PERIOD_DAYS) throw Errors.validation({ to: 'Une période ne peut pas dépasser 5 ans.' });
  return { report: query.report as StatsReportName, period: { from: query.from, to: query.to } };
}

function where(scope: ReportScope, period: Period): SQL {
  return sql`shop_id = ${scope.shopId} and day between ${period.from}::date and ${period.to}::date${
    scope.agentId ? sql` and agent_id = ${scope.agentId}` : sql``
  }`;
}

/** Sales rows: shop-wide by day and channel, or by hour and agent for one agent's own sales. */
const salesTable = (scope: ReportScope) => sql.raw(scope.agentId ? 'stats_sales' : 'stats_days');

/** Sales rows where no key is asked (totals, the curve): shop-wide by day alone, a row a day. */
const dailyTable = (scope: ReportScope) => sql.raw(scope.agentId ? 'stats_sales' : 'stats_shop_days');

const PRODUCT_MEASURES = 'quantity, refunded_quantity, gross, discounts, refunds, cost, costed_net';
/** A shop sells a few thousand products a day: past ten days of a month, its monthly rows are fewer. */
const MONTH_ROWS_CHEAPER_FROM_DAYS = 10;
/** Past two months of a year, its yearly rows (one a product) are fewer than its monthly ones. */
const YEAR_ROW_CHEAPER_FROM_DAYS = 60;

/**
 * The product rows of a period: whole months from a monthly roll-up and the edges by day (a year
 * is a few dozen thousand rows, not a million); by variant, or by product alone (a third of the
 * rows) where the variant is not asked; one agent's own from the finest rows. Products alone also
 * have a yearly roll-up: most of a calendar year (« cette année », twelve months to today) is read
 * as one row a product.
 */
function productSource(scope: ReportScope, period: Period, level: 'variant' | 'product' = 'product'): SQL {
  const columns = sql.raw(
    level === 'variant' ? `variant_id, product_id, ${PRODUCT_MEASURES}` : `product_id, ${PRODUCT_MEASURES}`,
  );
  if (scope.agentId) return sql`(select ${columns} from stats_products where ${where(scope, period)})`;
  const [yearly, monthly, daily] =
    level === 'variant'
      ? [null, 'stats_product_months', 'stats_product_days']
      : ['stats_product_total_years', 'stats_product_total_months', 'stats_product_total_days'];
  const parts: SQL[] = [];
  for (const piece of withinYears(period)) {
    const byMonthAndDay = monthAndDayParts(scope.shopId, piece, columns, monthly, daily);
    if (!yearly || daysBetween(piece.from, piece.to) + 1 < YEAR_ROW_CHEAPER_FROM_DAYS) {
      parts.push(...byMonthAndDay);
      continue;
    }
    const year = yearOf(piece.from);
    const isWhole = nothingOutside(scope.shopId, daily, year, piece);
    parts.push(sql`select ${columns} from ${sql.raw(yearly)}
      where shop_id = ${scope.shopId} and year = ${year.from}::date and ${isWhole}`);
    for (const part of byMonthAndDay) parts.push(sql`${part} and not ${isWhole}`);
  }
  return sql`(${sql.join(parts, sql` union all `)})`;
}

/**
 * Whether the days of `container` (a month, a year) outside `piece` hold nothing: then its roll-up
 * row is exactly the piece's sums. PostgreSQL probes that once (an InitPlan) and reads one branch
 * or the other; most often the piece runs to today and nothing lies after it.
 */
function nothingOutside(shopId: string, daily: string, container: Period, piece: Period): SQL {
  // Two probes, each a plain range of the (shop, day) key: an OR of both ranges is read as a
  // filter over all of the shop's days by the plan a prepared statement settles on (130 ms each).
  const nothingIn = (condition: SQL) =>
    sql`not exists (select 1 from ${sql.raw(daily)} where shop_id = ${shopId} and ${condition})`;
  return sql`(${nothingIn(sql`day >= ${container.from}::date and day < ${piece.from}::date`)}
    and ${nothingIn(sql`day > ${piece.to}::date and day <= ${container.to}::date`)})`;
}

/** A piece of a period within one year: its whole months by month, its edges by day (or by month). */
function monthAndDayParts(
  shopId: string,
  piece: Period,
  columns: SQL,
  monthly: string,
  daily: string,
): SQL[] {
  const { months, days } = splitByMonths(piece);
  const parts: SQL[] = [];
  if (months)
    parts.push(sql`select ${columns} from ${sql.raw(monthly)}
      where shop_id = ${shopId} and month between ${months.from}::date and ${months.to}::date`);
  for (const d of days.flatMap(withinMonths)) {
    const byDay = sql`select ${columns} from ${sql.raw(daily)}
      where shop_id = ${shopId} and day between ${d.from}::date and ${d.to}::date`;
    if (daysBetween(d.from, d.to) + 1 < MONTH_ROWS_CHEAPER_FROM_DAYS) {
      parts.push(byDay);
      continue;
    }
    // Most of a month (« ce mois-ci », a year to today): its monthly rows, a third as many.
    const month = monthOf(d.from);
    const isWhole = nothingOutside(shopId, daily, month, d);
    parts.push(sql`select ${columns} from ${sql.raw(monthly)}
      where shop_id = ${shopId} and month = ${month.from}::date and ${isWhole}`);
    parts.push(sql`${byDay} and not ${isWhole}`);
  }
  return parts;
}

/**
 * The month a shop-wide period is, when it is exactly one calendar month (« le mois dernier »):
 * the monthly roll-ups then hold one row per key already, to read without grouping.
 */
function oneMonth(scope: ReportScope, period: Period): string | null {
  if (scope.agentId) return null;
  const { months, days } = splitByMonths(period);
  return months !== null && months.from === months.to && days.length === 0 ? months.from : null;
}

/** The client rows of a period: whole months by month, the edges by day (or one agent's own). */
function clientSource(scope: ReportScope, period: Period): SQL {
  const { months, days } = scope.agentId ? { months: null, days: [period] } : splitByMonths(period);
  const parts: SQL[] = [];
  if (months)
    parts.push(sql`select client_id, orders, net from stats_client_months
      where shop_id = ${scope.shopId} and month between ${months.from}::date and ${months.to}::date`);
  for (const d of days)
    parts.push(sql`select client_id, orders, net from stats_clients where ${where(scope, d)}`);
  return sql`(${sql.join(parts, sql` union all `)})`;
}

async function totalsOf(db: Executor, scope: ReportScope, period: Period): Promise<StatsFigures> {
  const [row] = await executePrepared(
    db,
    sql`select ${SUMS} from ${dailyTable(scope)} where ${where(scope, period)}`,
  );
  return figuresOf(row);
}

/** Every figure of a roll-up row at 0 (an order moved or cancelled away): the row says nothing. */
function isNothing(row: Record<string, unknown> | undefined, ...keys: string[]): boolean {
  if (!row) return true;
  return Object.entries(row).every(([name, value]) => keys.includes(name) || Number(value ?? 0) === 0);
}

/** Sales by a key column of stats_sales, each with its figures and those of the compared period. */
async function salesBy(
  db: Executor,
  scope: ReportScope,
  column: 'channel' | 'agent_id',
  period: Period,
  compared: Period | null,
): Promise<Array<{ key: string; figures: StatsFigures; previous: StatsFigures | null }>> {
  const read = async (p: Period) =>
    new Map(
      (
        await executePrepared<Record<string, unknown>>(
          db,
          sql`select ${sql.raw(column)} as key, ${SUMS}
            from ${column === 'channel' ? salesTable(scope) : sql.raw(scope.agentId ? 'stats_sales' : 'stats_agent_days')}
            where ${where(scope, p)} group by 1`,
        )
      ).map((r) => [String(r.key), figuresOf(r)]),
    );
  const now = await read(period);
  const before = compared ? await read(compared) : null;
  return [...now.entries()]
    .filter(([key, figures]) => !isNothing(figures) || !isNothing(before?.get(key)))
    .map(([key, figures]) => ({
      key,
      figures,
      previous: before ? (before.get(key) ?? figuresOf(undefined)) : null,
    }))
    .sort((a, b) => b.figures.net - a.figures.net || a.key.localeCompare(b.key));
}

/**
 * A period's buckets and their labels, the same for every shop and every read of the same period
 * (a year by day is 730 dates to write, compared): kept, the oldest dropped past 1 000 periods.
 */
const rememberedBuckets = memo<ReturnType<typeof pointsOf>>(Number.POSITIVE_INFINITY);

async function series(db: Executor, scope: ReportScope, period: Period, asked?: Granularity) {
  // Hours only make sense for one day.
  const granularity =
    asked && (asked !== 'hour' || period.from === period.to) ? asked : granularityOf(period);
  const bucket =
    granularity === 'hour'
      ? sql.raw(`to_char(day, 'YYYY-MM-DD') || 'T' || lpad(hour::text, 2, '0')`)
      : granularity === 'day'
        ? sql.raw(`to_char(day, 'YYYY-MM-DD')`)
        : sql.raw(`to_char(date_trunc('${granularity}', day), 'YYYY-MM-DD')`);
  // The buckets as one JSON value ([at, net, orders] each): a year by day is 365 rows, which the
  // embedded PGlite hands back one by one ten times slower than as one value.
  const [row] = await executePrepared<{ points: Array<[string, number, number]> | null }>(
    db,
    sql`select json_agg(json_build_array(at, net, orders)) as points from (
      select ${bucket} as at, sum(gross - discounts - refunds)::bigint as net, sum(orders)::bigint as orders
      from ${granularity === 'hour' ? sql.raw('stats_sales') : dailyTable(scope)} where ${where(scope, period)}
      group by 1) buckets`,
  );
  const byAt = new Map((row?.points ?? []).map(([at, net, orders]) => [at, { net, orders }]));
  const points = [];
  const buckets = await rememberedBuckets(`${period.from}|${period.to}|${granularity}`, async () =>
    pointsOf(period, granularity),
  );
  for (const { at, label } of buckets) {
    const r = byAt.get(at);
    points.push({ at, label, net: r ? Number(r.net) : 0, orders: r ? Number(r.orders) : 0 });
  }
  return { granularity, points };
}

/**
 * A figure computed once per key for `ttlMs`, the oldest dropped past 1 000 keys: Statistiques
 * promise figures at most a minute old, and a few are costly to count at every read.
 */
function memo<T>(ttlMs: number): (key: string, compute: () => Promise<T>) => Promise<T> {
  // The promise is kept, not its value: readers arriving while it is computed wait for it
  // rather than each computing it again.
  const kept = new Map<string, { at: number; value: Promise<T> }>();
  return (key, compute) => {
    const found = kept.get(key);
    if (found && Date.now() - found.at < ttlMs) return found.value;
    const value = compute();
    if (kept.size > 1000) kept.delete(kept.keys().next().value!);
    kept.set(key, { at: Date.now(), value });
    // A failure is not kept: the next reader tries again.
    value.catch(() => {
      if (kept.get(key)?.value === value) kept.delete(key);
    });
    return value;
  };
}

/** Clients' figures for a minute: counting distinct clients over a year is the overview's slowest part. */
const rememberedClients = memo<{ new: number; returning: number }>(60_000);

/**
 * Clients who ordered in the period for the first time (their first order, as the customer module
 * keeps it), and those who had ordered before. Kept a minute: the figures promise no fresher. Not
 * given for one agent's own sales (a client's first order may be another agent's).
 */
async function clientsOf(db: Executor, scope: ReportScope, period: Period) {
  if (scope.agentId) return undefined;
  return rememberedClients(`${scope.shopId}|${period.from}|${period.to}`, async () => {
    const [[row], first] = await Promise.all([
      executePrepared<{ active: string }>(
        db,
        sql`select count(distinct client_id) as active from stats_clients where ${where(scope, period)} and orders > 0`,
      ),
      countFirstOrdersBetween(db, scope.shopId, period.from, period.to, scope.timeZone),
    ]);
    return { new: first, returning: Math.max(0, Number(row?.active ?? 0) - first) };
  });
}

/** The first MAX_ROWS rows, then « Autres » summing the figures (and units) of the rest. */
function rowsWithOthers(rows: StatsRow[]): { rows: StatsRow[]; otherRows?: number } {
  if (rows.length <= MAX_ROWS) return { rows };
  const kept = rows.slice(0, MAX_ROWS);
  const rest = rows.slice(MAX_ROWS);
  const sum = (pick: (r: StatsRow) => number | null | undefined) =>
    rest.reduce((n, r) => n + (pick(r) ?? 0), 0);
  const figures: StatsRow['figures'] = {};
  for (const name of new Set(rest.flatMap((r) => Object.keys(r.figures) as Array<keyof StatsFigures>)))
    figures[name] = sum((r) => r.figures[name]);
  const other: StatsRow = {
    key: 'autres',
    label: `Autres (${rest.length})`,
    figures,
    previous: null,
    ...(rest[0]!.quantity === undefined
      ? {}
      : {
          quantity: sum((r) => r.quantity),
          refundedQuantity: sum((r) => r.refundedQuantity),
          cost: null,
          margin: null,
        }),
  };
  return { rows: [...kept, other], otherRows: rest.length };
}

/**
 * Names of the variants sold, as orders name them; a variant deleted since keeps its product's
 * name (« Robe (variante supprimée) »), a product deleted since is « Produit supprimé ».
 */
async function variantNames(db: Executor, shopId: string, rows: ReadonlyArray<Record<string, string>>) {
  const labels = await variantLabels(
    db,
    shopId,
    rows.map((r) => r.variant_id!),
  );
  const gone = rows.filter((r) => !labels.has(r.variant_id!));
  const products = await productLabels(
    db,
    shopId,
    gone.map((r) => r.product_id!),
  );
  const names = new Map<string, string>();
  for (const r of rows) {
    const product = products.get(r.product_id!);
    names.set(
      r.variant_id!,
      labels.get(r.variant_id!)?.label ??
        (product ? `${product.name} (variante supprimée)` : 'Produit supprimé'),
    );
  }
  return names;
}

/**
 * The rows of a period keyed by category (`key`, and the product measures). Within one calendar
 * month, the monthly roll-up by category: a few rows, when nothing of the month lies outside the
 * period (always for a whole month; for « ce mois-ci », unless a sale was dated after today). Else
 * the products' rows joined to their category now, a product's rows summed first: a year's 200 000
 * rows join the catalogue as 20 000.
 */
function categorySource(scope: ReportScope, period: Period): SQL {
  const byProduct = sql`select coalesce(c.category_id, ${NO_CATEGORY}) as key, ${sql.raw(PRODUCT_MEASURES)}
    from (select product_id, ${PRODUCT_SUMS} from ${productSource(scope, period)} as s group by product_id) as p
    left join (${categoryOfProducts(scope.shopId)}) as c on c.product_id = p.product_id`;
  if (scope.agentId || withinMonths(period).length !== 1) return sql`(${byProduct})`;
  const month = monthOf(period.from);
  const byCategory = sql`select case when category_id = '' then ${NO_CATEGORY} else category_id end as key,
      ${sql.raw(PRODUCT_MEASURES)}
    from stats_category_months where shop_id = ${scope.shopId} and month = ${month.from}::date`;
  if (oneMonth(scope, period)) return sql`(${byCategory})`;
  const isWhole = nothingOutside(scope.shopId, 'stats_product_total_days', month, period);
  return sql`(${byCategory} and ${isWhole} union all ${byProduct} where not ${isWhole})`;
}

/** The sums of a product row, as SQL names them. */
type ProductSums = {
  key: string;
  product_id: string;
  quantity: string;
  refunded_quantity: string;
  gross: string;
  discounts: string;
  refunds: string;
  cost: string;
  costed_net: string;
};

const PRODUCT_SUMS = sql.raw(`sum(quantity) as quantity, sum(refunded_quantity) as refunded_quantity,
  sum(gross) as gross, sum(discounts) as discounts, sum(refunds) as refunds, sum(cost) as cost,
  sum(costed_net) as costed_net`);
/** A row that sold nothing (every sale edited or cancelled away) is no row. */
const SOLD_SOMETHING = sql.raw(`(quantity <> 0 or refunded_quantity <> 0 or gross <> 0 or discounts <> 0
  or refunds <> 0 or cost <> 0 or costed_net <> 0)`);

function productRow(r: ProductSums, label: string): StatsRow {
  const gross = Number(r.gross);
  const discounts = Number(r.discounts);
  const refunds = Number(r.refunds);
  const cost = Number(r.cost);
  const costedNet = Number(r.costed_net);
  // Units sold without a known cost are left out of the margin, never counted as all margin.
  const isCosted = cost !== 0 || costedNet !== 0;
  return {
    key: r.key,
    label,
    figures: { gross, discounts, refunds, net: gross - discounts - refunds },
    previous: null,
    quantity: Number(r.quantity),
    refundedQuantity: Number(r.refunded_quantity),
    cost: isCosted ? cost : null,
    margin: isCosted ? costedNet - cost : null,
  };
}

/**
 * Sales by product, by variant (the roll-ups' own key) or by the products' category: units, net,
 * cost and margin where costs are known; best first by net sales, or by margin (products sold
 * without a cost price last). A month holds thousands of variants: PostgreSQL groups, ranks and
 * cuts them, and sums the rest for « Autres », so the server reads and names 100 rows, not the
 * whole catalogue. Categories are few: grouped in SQL (see categorySource), ranked here (ties by
 * name).
 */
async function productRows(
  db: Executor,
  scope: ReportScope,
  period: Period,
  by: 'product' | 'variant' | 'category',
  rank: 'net' | 'margin' = 'net',
): Promise<{ rows: StatsRow[]; otherRows?: number }> {
  if (by === 'category') {
    const rows = await executePrepared<ProductSums>(
      db,
      sql`with g as (
          select key, null::text as product_id, ${PRODUCT_SUMS} from ${categorySource(scope, period)} as c
          group by key
        )
        select * from g where ${SOLD_SOMETHING}`,
    );
    const names = new Map((await findCategories(db, scope.shopId)).map((c) => [c.id, c.name]));
    const ranked = rows
      .map((r) => productRow(r, names.get(r.key) ?? 'Sans catégorie'))
      .sort((a, b) => b.figures.net! - a.figures.net! || FRENCH.compare(a.label, b.label));
    return rowsWithOthers(ranked);
  }
  const key = sql.raw(by === 'variant' ? 'variant_id' : 'product_id');
  const month = oneMonth(scope, period);
  const value = sql.raw(
    rank === 'net'
      ? 'gross - discounts - refunds'
      : 'case when cost = 0 and costed_net = 0 then null else costed_net - cost end',
  );
  // One calendar month: a row per product (or variant) already, read as it is; else grouped.
  const rowsOfPeriod = month
    ? sql`select ${key} as key, product_id, ${sql.raw(PRODUCT_MEASURES)}
        from ${sql.raw(by === 'variant' ? 'stats_product_months' : 'stats_product_total_months')}
        where shop_id = ${scope.shopId} and month = ${month}::date`
    : sql`select ${key} as key, product_id, ${PRODUCT_SUMS}
        from ${productSource(scope, period, by)} as p group by ${by === 'variant' ? sql.raw('variant_id, product_id') : sql.raw('product_id')}`;
  // The first 100 by a top-N sort, and the count and sums of every row beside them (for
  // « Autres »), rather than a window over all of them: a month of a 20 000-product shop is 40 000
  // variant rows, that a window would hold and carry whole through the sort. One month is read
  // twice from its index; a longer period is grouped once and kept for both.
  const rows = await executePrepared<
    ProductSums & {
      n: string;
      all_quantity: string;
      all_refunded_quantity: string;
      all_gross: string;
      all_discounts: string;
      all_refunds: string;
    }
  >(
    db,
    sql`with g as ${month ? sql`not materialized` : sql`materialized`} (${rowsOfPeriod}),
      top as (select * from g where ${SOLD_SOMETHING}
        order by ${value} desc nulls last, key collate "C" limit ${MAX_ROWS}),
      totals as (select count(*) as n, sum(quantity) as all_quantity,
        sum(refunded_quantity) as all_refunded_quantity, sum(gross) as all_gross,
        sum(discounts) as all_discounts, sum(refunds) as all_refunds
        from g where ${SOLD_SOMETHING})
      select top.*, totals.* from top cross join totals
      order by ${value} desc nulls last, key collate "C"`,
  );
  const names =
    by === 'variant'
      ? await variantNames(
          db,
          scope.shopId,
          rows.map((r) => ({ variant_id: r.key, product_id: r.product_id })),
        )
      : await productLabels(
          db,
          scope.shopId,
          rows.map((r) => r.key),
        );
  const shown = rows.map((r) => {
    const name = names.get(r.key);
    return productRow(r, typeof name === 'string' ? name : (name?.name ?? 'Produit supprimé'));
  });
  const count = Number(rows[0]?.n ?? 0);
  if (count <= MAX_ROWS) return { rows: shown };
  // « Autres »: every row's sums less those shown.
  const all = rows[0]!;
  const rest = (total: string, pick: (r: StatsRow) => number) =>
    Number(total) - shown.reduce((n, r) => n + pick(r), 0);
  const gross = rest(all.all_gross, (r) => r.figures.gross!);
  const discounts = rest(all.all_discounts, (r) => r.figures.discounts!);
  const refunds = rest(all.all_refunds, (r) => r.figures.refunds!);
  const other: StatsRow = {
    key: 'autres',
    label: `Autres (${count - MAX_ROWS})`,
    figures: { gross, discounts, refunds, net: gross - discounts - refunds },
    previous: null,
    quantity: rest(all.all_quantity, (r) => r.quantity!),
    refundedQuantity: rest(all.all_refunded_quantity, (r) => r.refundedQuantity!),
    cost: null,
    margin: null,
  };
  return { rows: [...shown, other], otherRows: count - MAX_ROWS };
}

async function paymentRows(
  db: Executor,
  scope: ReportScope,
  period: Period,
  due: number,
): Promise<StatsRow[]> {
  const rows = await executePrepared<{ method: string; received: string; refunded: string }>(
    db,
    sql`select method, sum(received) as received, sum(refunded) as refunded
      from ${sql.raw(scope.agentId ? 'stats_payments' : 'stats_payment_days')} where ${where(scope, period)}
      group by method order by 2 desc`,
  );
  const labels = PAYMENT_METHOD_LABELS as Record<string, string>;
  const out: StatsRow[] = rows.map((r) => ({
    key: r.method,
    label: labels[r.method] ?? r.method,
    figures: { collected: Number(r.received) - Number(r.refunded), refunds: Number(r.refunded) },
    previous: null,
    quantity: undefined,
  }));
  // « À crédit »: what the period's orders still owe, beside what was received.
  if (due)
    out.push({ key: 'credit', label: 'À crédit (reste à encaisser)', figures: { due }, previous: null });
  return out;
}

/** Gross margin over the units whose cost is known; the net of the others stays apart. */
async function marginOf(db: Executor, scope: ReportScope, period: Period) {
  const [row] = await executePrepared<{ net: string; costed_net: string; cost: string }>(
    db,
    sql`select coalesce(sum(gross - discounts - refunds), 0) as net, coalesce(sum(costed_net), 0) as costed_net,
        coalesce(sum(cost), 0) as cost
      from ${productSource(scope, period)} as p`,
  );
  const costedNet = Number(row?.costed_net ?? 0);
  const cost = Number(row?.cost ?? 0);
  return { costedNet, cost, margin: costedNet - cost, uncostedNet: Number(row?.net ?? 0) - costedNet };
}

/**
 * What each of the shop's discounts gave, and « Remises manuelles » for the rest of the period's
 * discounts (typed by hand), so the rows add up to the overview's « Réductions ». A free delivery
 * lowers the delivery fee, not the discounts: it is listed, apart from the sum.
 */
async function discountRows(db: Executor, scope: ReportScope, period: Period, discounts: number) {
  const rows = await executePrepared<{ discount_key: string; uses: string; amount: string }>(
    db,
    sql`select discount_key, sum(uses) as uses, sum(amount) as amount
      from stats_discounts where ${where(scope, period)} group by discount_key order by 3 desc`,
  );
  const parsed = rows.map((r) => {
    const [type, id] = r.discount_key.split(':') as [string, string];
    return { type, id, uses: Number(r.uses), amount: Number(r.amount) };
  });
  const names = await discountNames(
    db,
    scope.shopId,
    parsed.filter((r) => r.id).map((r) => r.id),
  );
  const out: StatsRow[] = parsed.map((r) => ({
    key: `${r.type}:${r.id}`,
    label:
      r.type === 'rounding'
        ? 'Arrondi'
        : `${names.get(r.id) ?? 'Réduction supprimée'}${r.type === 'delivery' ? ' (livraison offerte)' : ''}`,
    figures: r.type === 'delivery' ? {} : { discounts: r.amount },
    previous: null,
    uses: r.uses,
  }));
  const byShop = parsed.filter((r) => r.type !== 'delivery').reduce((n, r) => n + r.amount, 0);
  if (discounts - byShop)
    out.push({
      key: 'manual',
      label: 'Remises manuelles',
      figures: { discounts: discounts - byShop },
      previous: null,
    });
  return out;
}

/** The clients who spent most in the period (net of refunds). */
async function clientRows(db: Executor, scope: ReportScope, period: Period): Promise<StatsRow[]> {
  const month = oneMonth(scope, period);
  const rows = await executePrepared<{ client_id: string; orders: string; net: string }>(
    db,
    month
      ? // One calendar month: its rows read in order from stats_client_months_top_idx.
        sql`select client_id, orders, net from stats_client_months
          where shop_id = ${scope.shopId} and month = ${month}::date and (orders <> 0 or net <> 0)
          order by net desc nulls last, client_id limit ${MAX_ROWS}`
      : sql`select client_id, sum(orders) as orders, sum(net) as net from ${clientSource(scope, period)} as c
          group by client_id having sum(orders) <> 0 or sum(net) <> 0 order by 3 desc, 1 limit ${MAX_ROWS}`,
  );
  const labels = await clientLabels(
    db,
    scope.shopId,
    rows.map((r) => r.client_id),
  );
  return rows.map((r) => ({
    key: r.client_id,
    label: labels.get(r.client_id)?.name ?? 'Client fusionné ou supprimé',
    figures: { orders: Number(r.orders), net: Number(r.net) },
    previous: null,
  }));
}

/**
 * Sales by the commune of the delivery address: the spellings of one commune together (`communeKey`:
 * case, accents, hyphens, spaces), shown as the spelling most of the period's orders carry (then
 * the first in French order); the orders without an address last, whatever they sold. Net as the
 * clients': gross less discounts on the day placed, less refunds on the day made.
 */
async function communeRows(db: Executor, scope: ReportScope, period: Period) {
  const rows = await executePrepared<{ commune: string; orders: string; net: string; delivery: string }>(
    db,
    sql`select commune, sum(orders) as orders, sum(net) as net, sum(delivery) as delivery
      from ${sql.raw(scope.agentId ? 'stats_communes' : 'stats_commune_days')} where ${where(scope, period)}
      group by commune`,
  );
  const grouped = new Map<string, { row: StatsRow; spellings: Map<string, number> }>();
  for (const r of rows) {
    const key = communeKey(r.commune);
    const group = grouped.get(key) ?? {
      row: { key, label: '', figures: { orders: 0, net: 0, delivery: 0 }, previous: null },
      spellings: new Map<string, number>(),
    };
    group.row.figures.orders! += Number(r.orders);
    group.row.figures.net! += Number(r.net);
    group.row.figures.delivery! += Number(r.delivery);
    group.spellings.set(r.commune, (group.spellings.get(r.commune) ?? 0) + Number(r.orders));
    grouped.set(key, group);
  }
  const out: StatsRow[] = [];
  for (const [key, { row, spellings }] of grouped) {
    if (isNothing(row.figures)) continue;
    row.label =
      key === NO_COMMUNE_KEY
        ? NO_COMMUNE_LABEL
        : [...spellings].sort((a, b) => b[1] - a[1] || FRENCH_UPPER_FIRST.compare(a[0], b[0]))[0]![0];
    out.push(row);
  }
  const named = out
    .filter((r) => r.key !== NO_COMMUNE_KEY)
    .sort((a, b) => b.figures.net! - a.figures.net! || FRENCH.compare(a.label, b.label));
  const none = out.find((r) => r.key === NO_COMMUNE_KEY);
  const capped = rowsWithOthers(named);
  return { ...capped, rows: [...capped.rows, ...(none ? [none] : [])] };
}

/**
 * The shop's stock valued, for half a minute: every product and variant of the catalogue is
 * joined and valued, the stock report's costliest part.
 */
const rememberedStock = memo<Awaited<ReturnType<typeof stockInOrder>>>(30_000);

type Valued = Awaited<ReturnType<typeof stockValuation>>[number];

/**
 * What of the stock report does not depend on the period, made once per valuation: the totals,
 * the products out of stock and low, and those in stock that may have sold nothing — each list in
 * the report's order (fewest units first, then by name in French order). A read then only picks
 * the unsold from the last list, in order, for a catalogue of 20 000 products.
 */
async function stockInOrder(db: Executor, shopId: string) {
  const valued = await stockValuation(db, shopId);
  const byName = [...valued].sort((a, b) => FRENCH.compare(a.name, b.name));
  const rankOf = new Map(byName.map((p, i) => [p, i]));
  const inOrder = (list: Valued[]) =>
    list.sort((a, b) => a.stock - b.stock || rankOf.get(a)! - rankOf.get(b)!);
  return {
    atCost: valued.reduce((n, p) => n + p.atCost, 0),
    atPrice: valued.reduce((n, p) => n + p.atPrice, 0),
    unitsWithoutCost: valued.reduce((n, p) => n + p.unitsWithoutCost, 0),
    out: inOrder(valued.filter((p) => p.stock <= 0)),
    low: inOrder(valued.filter((p) => p.stock > 0 && p.stock <= p.lowStockThreshold)),
    inStock: inOrder(valued.filter((p) => p.stock > p.lowStockThreshold && p.stock > 0)),
  };
}

/** The stock now: its value, then the products out of stock, low, or that sold nothing in the period. */
async function stockOf(db: Executor, scope: ReportScope, period: Period) {
  const [stock, unsold] = await Promise.all([
    rememberedStock(scope.shopId, () => stockInOrder(db, scope.shopId)),
    // The shop's products that sold nothing in the period (a few hundred where 20 000 sold), as one
    // value: PostgreSQL sets them apart from the catalogue's index, the server reads only those.
    executePrepared<{ ids: string | null }>(
      db,
      sql`select string_agg(p.product_id, ' ') as ids from (${categoryOfProducts(scope.shopId)}) as p
        where not exists (select 1 from ${productSource({ ...scope, agentId: null }, period)} as s
          where s.product_id = p.product_id and s.quantity > 0)`,
    ),
  ]);
  const unsoldIds = new Set(unsold[0]?.ids?.split(' ') ?? []);
  const idle = stock.inStock.filter((p) => unsoldIds.has(p.id));
  const rows: StatsRow[] = [];
  const lists = [
    ['out', stock.out],
    ['low', stock.low],
    ['idle', idle],
  ] as const;
  for (const [flag, list] of lists)
    for (const p of list.slice(0, MAX_ROWS - rows.length))
      rows.push({
        key: p.id,
        label: p.name,
        figures: {},
        previous: null,
        stock: p.stock,
        // Units without a cost price: their value at cost is not known, never shown as nothing.
        ...(p.unitsWithoutCost > 0 ? {} : { valueAtCost: p.atCost }),
        valueAtPrice: p.atPrice,
        flag,
      });
  const flagged = stock.out.length + stock.low.length + idle.length;
  return {
    summary: {
      atCost: stock.atCost,
      atPrice: stock.atPrice,
      unitsWithoutCost: stock.unitsWithoutCost,
      out: stock.out.length,
      low: stock.low.length,
      idle: idle.length,
    },
    rows,
    ...(flagged > MAX_ROWS ? { otherRows: flagged - MAX_ROWS } : {}),
  };
}

/**
 * A report read in one transaction: its statements see the same snapshot (every figure of it
 * agrees with the others, even while orders arrive), one at a time without parallel workers —
 * ten people reading reports on two cores gain nothing from workers but the cost of gathering —
 * with room to group a year of a large catalogue in memory rather than on disk, and joining by
 * hashing: a merge join sorts 20 000 product ids in the database's collation first, which took
 * twice the whole of the stock report's join (12 ms against 5.5) on the plan a prepared statement
 * settles on.
 */
export async function readReport(db: Database, scope: ReportScope, query: StatsQuery): Promise<StatsReport> {
  return db.transaction(
    async (tx) => {
      await executePrepared(
        tx,
        sql`select set_config('max_parallel_workers_per_gather', '0', true), set_config('work_mem', '32MB', true),
          set_config('enable_mergejoin', 'off', true)`,
      );
      return buildReport(tx, scope, query);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export async function buildReport(db: Executor, scope: ReportScope, query: StatsQuery): Promise<StatsReport> {
  const { report, period } = checkQuery(query);
  const compared = comparedPeriod(period, query.compare);
  const totals = await totalsOf(db, scope, period);
  const previousTotals = compared ? await totalsOf(db, scope, compared) : null;
  const base = {
    report,
    period,
    comparison: compared,
    currency: scope.currency,
    totals,
    previousTotals,
  };
  switch (report) {
    case 'overview': {
      const now = await series(db, scope, period, query.granularity);
      const before = compared ? await series(db, scope, compared, now.granularity) : null;
      return {
        ...base,
        clients: await clientsOf(db, scope, period),
        granularity: now.granularity,
        series: now.points,
        ...(before ? { previousSeries: before.points } : {}),
      };
    }
    case 'channels': {
      const rows = await salesBy(db, scope, 'channel', period, compared);
      const labels = CHANNEL_LABELS as Record<string, string>;
      return { ...base, rows: rows.map((r) => ({ ...r, label: labels[r.key] ?? r.key })) };
    }
    case 'agents': {
      const rows = await salesBy(db, scope, 'agent_id', period, compared);
      const names = await findPeople(
        db,
        rows.map((r) => r.key),
      );
      // '' is no agent's: orders the buyers placed themselves (the online shop).
      const label = (key: string) =>
        key === '' ? 'Boutique en ligne' : (names.get(key) ?? 'Agent supprimé');
      return { ...base, rows: rows.map((r) => ({ ...r, label: label(r.key) })) };
    }
    case 'payments':
      return { ...base, rows: await paymentRows(db, scope, period, totals.due) };
    case 'products':
    case 'variants':
    case 'categories':
      return {
        ...base,
        ...(await productRows(
          db,
          scope,
          period,
          report === 'products' ? 'product' : report === 'variants' ? 'variant' : 'category',
        )),
      };
    case 'margin': {
      // Best margins first; products sold without a cost price come last, without a margin.
      const rows = await productRows(db, scope, period, 'product', 'margin');
      return { ...base, margin: await marginOf(db, scope, period), ...rows };
    }
    case 'discounts':
      return { ...base, rows: await discountRows(db, scope, period, totals.discounts) };
    case 'clients':
      return { ...base, rows: await clientRows(db, scope, period) };
    case 'communes':
      return { ...base, ...(await communeRows(db, scope, period)) };
    case 'stock': {
      const stock = await stockOf(db, scope, period);
      return {
        ...base,
        stock: stock.summary,
        rows: stock.rows,
        ...(stock.otherRows ? { otherRows: stock.otherRows } : {}),
      };
    }
    case 'treasury':
      return {
        ...base,
        rows: await paymentRows(db, scope, period, totals.due),
        owedByClients: scope.agentId ? undefined : await totalOwedByClients(db, scope.shopId),
        heldByRiders: scope.agentId ? undefined : await cashHeldByRiders(db, scope.shopId),
      };
  }
}
