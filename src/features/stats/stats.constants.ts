/*
 * Statistiques' plain values: the reports, their labels, the comparisons, the longest period.
 * Apart from stats.schemas.ts, which builds zod schemas as it loads, so that /statistiques does not
 * load zod; stats.schemas.ts re-exports them.
 */

export const STATS_REPORTS = [
  'overview',
  'channels',
  'agents',
  'payments',
  'products',
  'variants',
  'categories',
  'margin',
  'discounts',
  'clients',
  'communes',
  'stock',
  'treasury',
] as const;
export type StatsReportName = (typeof STATS_REPORTS)[number];

export const STATS_REPORT_LABELS: Record<StatsReportName, string> = {
  overview: 'Vue d’ensemble',
  channels: 'Par canal',
  agents: 'Par agent',
  payments: 'Par moyen de paiement',
  products: 'Par produit',
  variants: 'Par variante',
  categories: 'Par catégorie',
  margin: 'Marge',
  discounts: 'Par réduction',
  clients: 'Par client',
  communes: 'Par commune',
  stock: 'Stock',
  treasury: 'Trésorerie',
};

/** The reports an inventory manager reads: what was sold, its margin, the stock; not the money. */
export const STATS_INVENTORY_REPORTS: readonly StatsReportName[] = [
  'products',
  'variants',
  'categories',
  'margin',
  'stock',
];

export const STATS_COMPARISONS = ['previous', 'year', 'none'] as const;
export type StatsComparison = (typeof STATS_COMPARISONS)[number];

/** The longest period a report covers. */
export const MAX_PERIOD_DAYS = 5 * 366;
