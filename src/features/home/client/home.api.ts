import { api } from '@/client/api/api';
import type { THomeChecklist } from '../home.schemas';

export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHomeChecklist: build.query<THomeChecklist, { shopId: string }>({
      query: (params) => ({ url: '/api/home/checklist', params }),
      providesTags: ['HomeChecklist'],
    }),
  }),
});

export const { useGetHomeChecklistQuery } = homeApi;
