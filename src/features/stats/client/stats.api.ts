import { api } from '@/client/api/api';
import type { StatsComparison, StatsReport, StatsReportName } from '../stats.schemas';

export interface StatsReportArgs {
  shopId: string;
  report: StatsReportName;
  from: string;
  to: string;
  compare: StatsComparison;
}

/** /statistiques: one report for a period of the shop's days, with the figures it is compared with. */
export const statsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStatsReport: build.query<StatsReport, StatsReportArgs>({
      query: (params) => ({ url: '/api/stats/report', params }),
      // A new order (the shop's notification, see use-shop-realtime) asks the report again.
      providesTags: ['Stats'],
      // Sales keep coming in: a report seen a minute ago is asked again when shown again.
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useGetStatsReportQuery } = statsApi;
