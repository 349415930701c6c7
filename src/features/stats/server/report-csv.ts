import { currencyOf, formatCsvAmount, guardFormula, serializeCsvRow, type CsvSeparator } from '@/server/csv';
import { STATS_REPORT_LABELS, type StatsFigures, type StatsReport, type StatsRow } from '../stats.schemas';

/** The overview's figures, in the order the screen shows them. */
const FIGURES: Array<[keyof StatsFigures, string, 'money' | 'count']> = [
  ['gross', 'Ventes brutes', 'money'],
  ['discounts', 'Réductions', 'money'],
  ['refunds', 'Remboursements', 'money'],
  ['net', 'Ventes nettes', 'money'],
  ['delivery', 'Frais de livraison', 'money'],
  ['total', 'Vendu', 'money'],
  ['collected', 'Encaissé', 'money'],
  ['due', 'Reste à encaisser', 'money'],
  ['orders', 'Commandes', 'count'],
  ['averageBasket', 'Panier moyen', 'money'],
  ['items', 'Articles vendus', 'count'],
];

/** What the first column of a breakdown names (« Libellé » but for these). */
const NAME_HEADERS: Partial<Record<StatsReport['report'], string>> = {
  channels: 'Canal',
  agents: 'Agent',
  payments: 'Moyen de paiement',
  treasury: 'Moyen de paiement',
  products: 'Produit',
  margin: 'Produit',
  variants: 'Variante',
  categories: 'Catégorie',
  discounts: 'Réduction',
  clients: 'Client',
};

const FLAGS: Record<NonNullable<StatsRow['flag']>, string> = {
  out: 'Rupture',
  low: 'Stock bas',
  idle: 'Rien vendu sur la période',
};

/**
 * A report as CSV, as a spreadsheet reads it: its title and period, then its figures or rows; the
 * amounts in the shop's currency as plain numbers, the labels guarded against formulas.
 */
export function reportCsv(report: StatsReport, separator: CsvSeparator): string {
  const { minorDigits } = currencyOf(report);
  const money = (n: number | null | undefined) =>
    n === null || n === undefined ? '' : formatCsvAmount(n, minorDigits, separator === ';' ? ',' : '.');
  const count = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
  const lines: string[][] = [
    [STATS_REPORT_LABELS[report.report], `du ${report.period.from} au ${report.period.to}`],
    [],
  ];
  const compared = report.comparison
    ? `Période comparée (${report.comparison.from} au ${report.comparison.to})`
    : null;

  if (report.report === 'overview' || report.report === 'treasury' || !report.rows) {
    lines.push(['Indicateur', `Montant (${report.currency})`, ...(compared ? [compared] : [])]);
    for (const [key, label, kind] of FIGURES) {
      const format = kind === 'money' ? money : count;
      lines.push([
        label,
        format(report.totals[key]),
        ...(compared ? [format(report.previousTotals?.[key])] : []),
      ]);
    }
    if (report.clients) {
      lines.push(['Nouveaux clients', count(report.clients.new)]);
      lines.push(['Clients revenus', count(report.clients.returning)]);
    }
    if (report.owedByClients !== undefined)
      lines.push(['Ardoises des clients (aujourd’hui)', money(report.owedByClients)]);
    if (report.heldByRiders !== undefined)
      lines.push(['Chez les livreurs (aujourd’hui)', money(report.heldByRiders)]);
    if (report.series?.length) {
      lines.push([], ['Période', 'Ventes nettes', 'Commandes']);
      for (const p of report.series) lines.push([p.label, money(p.net), count(p.orders)]);
    }
  }

  if (report.report === 'communes' && report.rows) {
    lines.push(['Commune', 'Commandes', 'Ventes nettes', 'Frais de livraison']);
    for (const row of report.rows)
      lines.push([row.label, count(row.figures.orders), money(row.figures.net), money(row.figures.delivery)]);
  } else if (report.rows && report.report !== 'overview') {
    if (report.report === 'treasury') lines.push([]);
    const isProducts = ['products', 'variants', 'categories', 'margin'].includes(report.report);
    const isStock = report.report === 'stock';
    const header = isStock
      ? ['Produit', 'État', 'Stock', 'Valeur au prix de revient', 'Valeur au prix de vente']
      : [
          NAME_HEADERS[report.report] ?? 'Libellé',
          ...(isProducts ? ['Quantité vendue', 'Quantité remboursée'] : []),
          ...(report.report === 'discounts' ? ['Utilisations'] : []),
          'Commandes',
          'Ventes brutes',
          'Réductions',
          'Remboursements',
          'Ventes nettes',
          'Encaissé',
          'Reste à encaisser',
          ...(isProducts ? ['Coût', 'Marge'] : []),
        ];
    lines.push(header);
    for (const row of report.rows) {
      const f = row.figures;
      lines.push(
        isStock
          ? [
              row.label,
              row.flag ? FLAGS[row.flag] : '',
              count(row.stock),
              money(row.valueAtCost),
              money(row.valueAtPrice),
            ]
          : [
              row.label,
              ...(isProducts ? [count(row.quantity), count(row.refundedQuantity)] : []),
              ...(report.report === 'discounts' ? [count(row.uses)] : []),
              count(f.orders),
              money(f.gross),
              money(f.discounts),
              money(f.refunds),
              money(f.net),
              money(f.collected),
              money(f.due),
              ...(isProducts ? [money(row.cost), money(row.margin)] : []),
            ],
      );
    }
  }
  return '\uFEFF' + lines.map((cells) => serializeCsvRow(cells.map(guardFormula), separator)).join('');
}
