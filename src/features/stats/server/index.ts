import type { Route } from '@/server/http/define-route';
import { statsExportRoute, statsReportRoute } from './stats.routes';

export { rollUpAll, rollUpShop } from './roll-up';
export { startStatsRollUp } from './background';
export { salesByChannelSince } from './channel-month';

export const routes: Route[] = [statsReportRoute, statsExportRoute];
