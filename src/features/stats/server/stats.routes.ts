import { defineRoute, FileResponse } from '@/server/http/define-route';
import { z } from '@/shared/validation';
import { Errors } from '@/server/http/errors';
import { STATS_INVENTORY_REPORTS, ZStatsQuery, ZStatsReport } from '../stats.schemas';
import type { Database } from '@/server/db';
import { checkQuery, readReport } from './reports';
import { reportCsv } from './report-csv';
import { rollUpShop } from './roll-up';

/** Reports an inventory manager reads: products and variants sold, their margin, the stock. */
const INVENTORY_REPORTS = new Set<string>(STATS_INVENTORY_REPORTS);

type ReportContext = {
  db: Database;
  membership: { shop: { id: string; currency: string; timeZone: string }; agent: { role: string } } | null;
  user: { id: string };
  query: z.infer<typeof ZStatsQuery>;
};

/** The report the caller may read: roles checked, the shop's orders rolled up first. */
async function reportFor({ db, membership, user, query }: ReportContext) {
  const { report } = checkQuery(query);
  const role = membership!.agent.role;
  if (role === 'inventory-manager' && !INVENTORY_REPORTS.has(report)) throw Errors.forbidden();
  // Every order written so far counts: the report is never behind the orders.
  await rollUpShop(db, membership!.shop.id);
  return readReport(
    db,
    {
      shopId: membership!.shop.id,
      currency: membership!.shop.currency,
      timeZone: membership!.shop.timeZone,
      agentId: role === 'cashier' ? user.id : null,
    },
    query,
  );
}

export const statsReportRoute = defineRoute({
  method: 'GET',
  path: '/api/stats/report',
  tag: 'stats',
  summary:
    'Un rapport des statistiques pour une période de jours (fuseau de la boutique), comparé à la période précédente ou à la même période un an plus tôt. Une caisse ne voit que ses ventes ; un gestionnaire de stock, les rapports par produit.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'stats:view',
  query: ZStatsQuery,
  response: ZStatsReport,
  handle: (ctx) => reportFor(ctx),
});

export const statsExportRoute = defineRoute({
  method: 'GET',
  path: '/api/stats/exportCsv',
  tag: 'stats',
  summary: 'Le même rapport en CSV (séparateur « ; » par défaut), à ouvrir dans un tableur.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'stats:view',
  query: ZStatsQuery.extend({ separator: z.enum(['semicolon', 'comma']).default('semicolon') }),
  produces: 'text/csv',
  response: z.unknown(),
  handle: async (ctx) => {
    const report = await reportFor(ctx);
    return new FileResponse({
      filename: `statistiques-${report.report}-${report.period.from}-${report.period.to}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: reportCsv(report, ctx.query.separator === 'comma' ? ',' : ';'),
    });
  },
});
