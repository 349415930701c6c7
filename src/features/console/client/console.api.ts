import { api } from '@/client/api/api';
import type { PlanId } from '@/shared/plans';

export interface ConsoleShop {
  _id: string;
  name: string;
  slug: string;
  isBlocked: boolean;
  subscriptionPlan: string;
  effectivePlan: string;
  shopExpiresAt: string | null;
  freeTrialExpiresAt: string | null;
  country: string;
  currency: string;
  createdAt: string;
  owner: { phone: string; firstName: string | null; lastName: string | null };
  activeAgents: number;
}

export interface QueueCounts {
  name: string;
  label: string;
  waiting: number;
  running: number;
  failed: number;
}

export interface DeadLetter {
  _id: string;
  name: string;
  label: string;
  data: string;
  error: string;
  attempts: number;
  createdAt: string;
}

export interface JobsOverview {
  server: string;
  queues: QueueCounts[];
  deadLetters: { items: DeadLetter[]; total: number };
}

export interface QueueCheck {
  probeId: string;
  runs: number;
  jobs: number;
  servers: Array<{ server: string; runs: number }>;
}

const jobsApi = api.enhanceEndpoints({ addTagTypes: ['ConsoleJobs'] });

export const consoleApi = jobsApi.injectEndpoints({
  endpoints: (build) => ({
    listConsoleShops: build.query<
      { items: ConsoleShop[]; nextCursor: string | null },
      { search: string; after?: string }
    >({
      query: ({ search, after }) => ({
        url: '/api/console/listShops',
        params: { ...(search ? { search } : {}), ...(after ? { after } : {}) },
      }),
      providesTags: ['ConsoleShop'],
    }),
    setShopBlocked: build.mutation<ConsoleShop, { shopId: string; isBlocked: boolean }>({
      query: (body) => ({ url: '/api/console/setShopBlocked', method: 'POST', data: body }),
      invalidatesTags: ['ConsoleShop', 'Shop', 'User'],
    }),
    updateShopSubscription: build.mutation<
      ConsoleShop,
      {
        shopId: string;
        subscriptionPlan: PlanId;
        shopExpiresAt: string | null;
        freeTrialExpiresAt: string | null;
      }
    >({
      query: (body) => ({ url: '/api/console/updateShopSubscription', method: 'POST', data: body }),
      invalidatesTags: ['ConsoleShop', 'Shop'],
    }),
    getJobsOverview: build.query<JobsOverview, void>({
      query: () => ({ url: '/api/console/jobs' }),
      providesTags: ['ConsoleJobs'],
    }),
    retryDeadJob: build.mutation<{ jobId: string | null }, { id: string }>({
      query: (body) => ({ url: '/api/console/retryDeadJob', method: 'POST', data: body }),
      invalidatesTags: ['ConsoleJobs'],
    }),
    dismissDeadJob: build.mutation<{ dismissed: true }, { id: string }>({
      query: (body) => ({ url: '/api/console/dismissDeadJob', method: 'POST', data: body }),
      invalidatesTags: ['ConsoleJobs'],
    }),
    startQueueCheck: build.mutation<{ probeId: string; enqueued: number; server: string }, { count: number }>(
      {
        query: (body) => ({ url: '/api/console/startQueueCheck', method: 'POST', data: body }),
      },
    ),
    getQueueCheck: build.query<QueueCheck, string>({
      query: (probeId) => ({ url: '/api/console/queueCheck', params: { probeId } }),
    }),
  }),
});

export const {
  useGetJobsOverviewQuery,
  useRetryDeadJobMutation,
  useDismissDeadJobMutation,
  useStartQueueCheckMutation,
  useGetQueueCheckQuery,
} = consoleApi;

export const { useListConsoleShopsQuery, useSetShopBlockedMutation, useUpdateShopSubscriptionMutation } =
  consoleApi;
