import type { OrderFacts } from '@/features/order/server/order-facts';
import { zonedDayHour } from '../zoned-time';
import { communeSpelling } from '../communes';

/**
 * What one order adds to each roll-up, as rows keyed by the roll-up and its key columns: the
 * roll-up moves by the difference between an order's rows now and those it added before.
 * Keys join their parts with SEP; the first part names the table.
 */
export type Contribution = Record<string, Record<string, number>>;

export const SEP = '\u001f';

export const ROLL_UPS = {
  s: { table: 'stats_sales', keys: ['day', 'hour', 'channel', 'agent_id'] },
  p: { table: 'stats_payments', keys: ['day', 'channel', 'agent_id', 'method'] },
  v: { table: 'stats_products', keys: ['day', 'channel', 'agent_id', 'variant_id', 'product_id'] },
  d: { table: 'stats_discounts', keys: ['day', 'channel', 'agent_id', 'discount_key'] },
  c: { table: 'stats_clients', keys: ['day', 'channel', 'agent_id', 'client_id'] },
  // By the delivery address's commune as typed (spaces tidied; '' for none): « Par commune ».
  k: { table: 'stats_communes', keys: ['day', 'channel', 'agent_id', 'commune'] },
  // Shop-wide (no agent, no hour; products and clients by month), derived from the rows above:
  // `shopWide`.
  S: { table: 'stats_days', keys: ['day', 'channel'] },
  D: { table: 'stats_shop_days', keys: ['day'] },
  P: { table: 'stats_payment_days', keys: ['day', 'method'] },
  V: { table: 'stats_product_days', keys: ['day', 'variant_id', 'product_id'] },
  M: { table: 'stats_product_months', keys: ['month', 'variant_id', 'product_id'] },
  A: { table: 'stats_agent_days', keys: ['day', 'agent_id'] },
  K: { table: 'stats_commune_days', keys: ['day', 'commune'] },
  C: { table: 'stats_client_months', keys: ['month', 'client_id'] },
  W: { table: 'stats_product_total_days', keys: ['day', 'product_id'] },
  N: { table: 'stats_product_total_months', keys: ['month', 'product_id'] },
  Y: { table: 'stats_product_total_years', keys: ['year', 'product_id'] },
} as const;
export type RollUp = keyof typeof ROLL_UPS;

/** « Avoir » and loyalty points move no money: neither received nor given back. */
const movesMoney = (method: string) => method !== 'store_credit' && method !== 'loyalty';

export function contributionOf(facts: OrderFacts, timeZone: string): Contribution {
  const rows: Contribution = {};
  const add = (key: string[], measures: Record<string, number>) => {
    const id = key.join(SEP);
    const row = (rows[id] ??= {});
    for (const [name, value] of Object.entries(measures)) if (value) row[name] = (row[name] ?? 0) + value;
  };
  const { channel, agentId } = facts;
  const placed = zonedDayHour(facts.placedAt, timeZone);
  const commune = communeSpelling(facts.commune);

  if (facts.isSale) {
    const gross = facts.lines.reduce((n, l) => n + l.gross, 0);
    const discounts = facts.lines.reduce((n, l) => n + l.discount, 0);
    add(['s', placed.day, String(placed.hour), channel, agentId], {
      orders: 1,
      items: facts.lines.reduce((n, l) => n + l.quantity, 0),
      gross,
      discounts,
      delivery: facts.delivery,
      total: facts.total,
      due: facts.due,
    });
    for (const line of facts.lines) {
      const net = line.gross - line.discount;
      add(['v', placed.day, channel, agentId, line.variantId, line.productId], {
        quantity: line.quantity,
        gross: line.gross,
        discounts: line.discount,
        ...(line.unitCost === null ? {} : { cost: line.unitCost * line.quantity, costed_net: net }),
      });
    }
    for (const a of facts.adjustments)
      add(['d', placed.day, channel, agentId, `${a.type}:${a.discountId ?? ''}`], {
        uses: 1,
        amount: a.amount,
      });
    if (facts.clientId)
      add(['c', placed.day, channel, agentId, facts.clientId], { orders: 1, net: gross - discounts });
    add(['k', placed.day, channel, agentId, commune], {
      orders: 1,
      net: gross - discounts,
      delivery: facts.delivery,
    });
  }

  for (const payment of facts.payments) {
    const at = zonedDayHour(payment.at, timeZone);
    add(['p', at.day, channel, agentId, payment.method], { received: payment.amount });
    if (movesMoney(payment.method))
      add(['s', at.day, String(at.hour), channel, agentId], { collected: payment.amount });
  }

  for (const refund of facts.refunds) {
    const at = zonedDayHour(refund.at, timeZone);
    add(['p', at.day, channel, agentId, refund.method], { refunded: refund.amount });
    if (movesMoney(refund.method))
      add(['s', at.day, String(at.hour), channel, agentId], { collected: -refund.amount });
    // A cancelled or returned order sold nothing: its refunds only gave money back.
    if (!facts.isSale) continue;
    add(['s', at.day, String(at.hour), channel, agentId], { refunds: refund.amount });
    refund.byLine.forEach((part, i) => {
      const line = facts.lines[i]!;
      add(['v', at.day, channel, agentId, line.variantId, line.productId], {
        refunded_quantity: part.quantity,
        refunds: part.amount,
        ...(line.unitCost === null ? {} : { cost: -line.unitCost * part.quantity, costed_net: -part.amount }),
      });
    });
    if (facts.clientId) add(['c', at.day, channel, agentId, facts.clientId], { net: -refund.amount });
    add(['k', at.day, channel, agentId, commune], { net: -refund.amount });
  }
  // Rows that came to nothing are left out: the difference with them is nothing.
  for (const [id, row] of Object.entries(rows)) if (Object.values(row).every((v) => v === 0)) delete rows[id];
  return rows;
}

/** The measures of each roll-up, as its columns are named. */
export const MEASURES: Record<RollUp, readonly string[]> = {
  s: ['orders', 'items', 'gross', 'discounts', 'refunds', 'delivery', 'total', 'collected', 'due'],
  p: ['received', 'refunded'],
  v: ['quantity', 'refunded_quantity', 'gross', 'discounts', 'refunds', 'cost', 'costed_net'],
  d: ['uses', 'amount'],
  c: ['orders', 'net'],
  k: ['orders', 'net', 'delivery'],
  S: ['orders', 'items', 'gross', 'discounts', 'refunds', 'delivery', 'total', 'collected', 'due'],
  D: ['orders', 'items', 'gross', 'discounts', 'refunds', 'delivery', 'total', 'collected', 'due'],
  P: ['received', 'refunded'],
  V: ['quantity', 'refunded_quantity', 'gross', 'discounts', 'refunds', 'cost', 'costed_net'],
  M: ['quantity', 'refunded_quantity', 'gross', 'discounts', 'refunds', 'cost', 'costed_net'],
  A: ['orders', 'items', 'gross', 'discounts', 'refunds', 'delivery', 'total', 'collected', 'due'],
  K: ['orders', 'net', 'delivery'],
  C: ['orders', 'net'],
  W: ['quantity', 'refunded_quantity', 'gross', 'discounts', 'refunds', 'cost', 'costed_net'],
  N: ['quantity', 'refunded_quantity', 'gross', 'discounts', 'refunds', 'cost', 'costed_net'],
  Y: ['quantity', 'refunded_quantity', 'gross', 'discounts', 'refunds', 'cost', 'costed_net'],
};

/**
 * The shop-wide rows a difference also moves: sales by day (alone, by channel and by agent), money
 * by day and method, products by day and by month (by variant, and without the variants; by year
 * without them),
 * communes by day, clients by month. Computed
 * from the differences, never stored with an order.
 */
export function shopWide(deltas: Contribution): Contribution {
  const out: Contribution = {};
  const add = (key: string[], row: Record<string, number>) => {
    const sum = (out[key.join(SEP)] ??= {});
    for (const [name, value] of Object.entries(row)) sum[name] = (sum[name] ?? 0) + value;
  };
  for (const [id, row] of Object.entries(deltas)) {
    const [kind, day, ...rest] = id.split(SEP) as [RollUp, string, ...string[]];
    if (kind === 's') {
      add(['S', day, rest[1]!], row);
      add(['D', day], row);
      add(['A', day, rest[2]!], row);
    } else if (kind === 'p') add(['P', day, rest[2]!], row);
    else if (kind === 'k') add(['K', day, rest[2]!], row);
    else if (kind === 'c') add(['C', `${day.slice(0, 7)}-01`, rest[2]!], row);
    else if (kind === 'v') {
      add(['V', day, rest[2]!, rest[3]!], row);
      add(['M', `${day.slice(0, 7)}-01`, rest[2]!, rest[3]!], row);
      add(['W', day, rest[3]!], row);
      add(['N', `${day.slice(0, 7)}-01`, rest[3]!], row);
      add(['Y', `${day.slice(0, 4)}-01-01`, rest[3]!], row);
    }
  }
  return out;
}

/**
 * A contribution as `stats_order_facts` keeps it, for a million orders to stay small: the order's
 * channel and agent once (every key repeats them), each row's measures as numbers in MEASURES'
 * order without the trailing zeros.
 */
export interface PackedContribution {
  c: string;
  a: string;
  r: Array<[string, ...number[]]>;
}

export function packContribution(rows: Contribution, channel: string, agentId: string): PackedContribution {
  const r: PackedContribution['r'] = [];
  for (const [id, row] of Object.entries(rows)) {
    const [kind, day, ...rest] = id.split(SEP) as [RollUp, string, ...string[]];
    // After the day come the channel and the agent (and for sales, the hour before them).
    const tail = kind === 's' ? [rest[0]!] : rest.slice(2);
    const values = MEASURES[kind].map((m) => row[m] ?? 0);
    while (values.length && values.at(-1) === 0) values.pop();
    r.push([[kind, day, ...tail].join(SEP), ...values]);
  }
  return { c: channel, a: agentId, r };
}

export function unpackContribution(packed: PackedContribution | null | undefined): Contribution {
  const rows: Contribution = {};
  for (const [short, ...values] of packed?.r ?? []) {
    const [kind, day, ...tail] = short.split(SEP) as [RollUp, string, ...string[]];
    const key =
      kind === 's' ? [kind, day, tail[0]!, packed!.c, packed!.a] : [kind, day, packed!.c, packed!.a, ...tail];
    const row: Record<string, number> = {};
    MEASURES[kind].forEach((m, i) => {
      if (values[i]) row[m] = values[i]!;
    });
    rows[key.join(SEP)] = row;
  }
  return rows;
}

/** new − old, row by row and measure by measure. */
export function difference(now: Contribution, before: Contribution): Contribution {
  const out: Contribution = {};
  for (const id of new Set([...Object.keys(now), ...Object.keys(before)])) {
    const a = now[id] ?? {};
    const b = before[id] ?? {};
    const row: Record<string, number> = {};
    for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const delta = (a[name] ?? 0) - (b[name] ?? 0);
      if (delta) row[name] = delta;
    }
    if (Object.keys(row).length) out[id] = row;
  }
  return out;
}
