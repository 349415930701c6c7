import { ZId, z } from '@/shared/validation';
import { STATS_COMPARISONS, STATS_REPORTS } from './stats.constants';

export * from './stats.constants';

/*
 * The contract of /statistiques (issue 19). One endpoint answers every report for a period of
 * days in the shop's time zone, with the same figures for the period it is compared with.
 */

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Indiquez une date au format AAAA-MM-JJ.' });

export const ZStatsQuery = z.object({
  shopId: ZId,
  report: z.string(),
  from: ZDay,
  to: ZDay,
  compare: z.enum(STATS_COMPARISONS, { error: 'Comparaison inconnue.' }).default('previous'),
  /** The chart's step; by default hours for a day, days up to 3 months, weeks up to a year, then months. */
  granularity: z.enum(['hour', 'day', 'week', 'month'], { error: 'Pas de graphique inconnu.' }).optional(),
});
export type StatsQuery = z.infer<typeof ZStatsQuery>;

/** The sales figures every report gives, for a period, a row or a point of the chart. */
export const ZStatsFigures = z.object({
  orders: z.number(),
  items: z.number(),
  /** Ventes brutes: prices × quantities. */
  gross: z.number(),
  /** Réductions: the shop's discounts and those given by hand. */
  discounts: z.number(),
  /** Remboursements made in the period. */
  refunds: z.number(),
  /** Ventes nettes = brutes − réductions − remboursements. */
  net: z.number(),
  /** Frais de livraison. */
  delivery: z.number(),
  /** Encaissé: money received less money given back (« avoir » is not money). */
  collected: z.number(),
  /** Reste à encaisser on the orders placed in the period, as of now. */
  due: z.number(),
  /** Vendu: what the orders placed in the period are worth, delivery included. */
  total: z.number(),
  /** Panier moyen: (net before refunds + delivery) / orders, or 0. */
  averageBasket: z.number(),
});
export type StatsFigures = z.infer<typeof ZStatsFigures>;

export const ZStatsPoint = z.object({
  /** « 2026-11-25 », « 2026-11-25T14 » for an hour, the first day of a week or a month. */
  at: z.string(),
  label: z.string(),
  net: z.number(),
  orders: z.number(),
});

/** A row of a breakdown (a channel, an agent, a method, a product, a variant, a commune…). */
export const ZStatsRow = z.object({
  key: z.string(),
  label: z.string(),
  figures: ZStatsFigures.partial(),
  previous: ZStatsFigures.partial().nullable(),
  /** For products and variants: units sold and given back, cost and margin (null when no cost is known). */
  quantity: z.number().optional(),
  refundedQuantity: z.number().optional(),
  cost: z.number().nullable().optional(),
  margin: z.number().nullable().optional(),
  /** For discounts: how many orders used it. */
  uses: z.number().optional(),
  /** For stock: units in stock, their value, and why the product is listed. */
  stock: z.number().optional(),
  valueAtCost: z.number().optional(),
  valueAtPrice: z.number().optional(),
  flag: z.enum(['out', 'low', 'idle']).optional(),
});
export type StatsRow = z.infer<typeof ZStatsRow>;

export const ZStatsReport = z.object({
  report: z.enum(STATS_REPORTS),
  period: z.object({ from: z.string(), to: z.string() }),
  comparison: z.object({ from: z.string(), to: z.string() }).nullable(),
  currency: z.string(),
  totals: ZStatsFigures,
  previousTotals: ZStatsFigures.nullable(),
  /** Clients who ordered in the period for the first time, and those who came back. */
  clients: z.object({ new: z.number(), returning: z.number() }).optional(),
  granularity: z.enum(['hour', 'day', 'week', 'month']).optional(),
  series: z.array(ZStatsPoint).optional(),
  previousSeries: z.array(ZStatsPoint).optional(),
  rows: z.array(ZStatsRow).optional(),
  /** Rows past the first ones, summed in the last row « Autres » (a report stays small). */
  otherRows: z.number().optional(),
  /** Marge: over the units whose cost is known; the net of the others is apart. */
  margin: z
    .object({ costedNet: z.number(), cost: z.number(), margin: z.number(), uncostedNet: z.number() })
    .optional(),
  /** Stock now: its value and how many products are out, low, or sold nothing in the period. */
  stock: z
    .object({
      atCost: z.number(),
      atPrice: z.number(),
      unitsWithoutCost: z.number(),
      out: z.number(),
      low: z.number(),
      idle: z.number(),
    })
    .optional(),
  /** Trésorerie: what all clients owe now (« ardoises »), whatever the period. */
  owedByClients: z.number().optional(),
  /** Trésorerie: the cash riders took at doors and have not handed over yet, whatever the period. */
  heldByRiders: z.number().optional(),
});
export type StatsReport = z.infer<typeof ZStatsReport>;
