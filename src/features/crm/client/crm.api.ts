import { api } from '@/client/api/api';
import type { TSegment, TSegmentCount, TSegmentDefinition } from '../crm.schemas';

const crmTags = api.enhanceEndpoints({ addTagTypes: ['CrmSegment'] });

export const crmApi = crmTags.injectEndpoints({
  endpoints: (build) => ({
    listSegments: build.query<{ items: TSegment[] }, string>({
      query: (shopId) => ({ url: '/api/crm/listSegments', params: { shopId } }),
      providesTags: ['CrmSegment'],
    }),
    countSegment: build.query<TSegmentCount, { shopId: string; definition: TSegmentDefinition }>({
      query: (body) => ({ url: '/api/crm/countSegment', method: 'POST', data: body }),
    }),
    saveSegment: build.mutation<
      TSegment,
      { shopId: string; segmentId?: string; name: string; definition: TSegmentDefinition }
    >({
      query: (body) => ({ url: '/api/crm/saveSegment', method: 'POST', data: body }),
      invalidatesTags: ['CrmSegment'],
    }),
    deleteSegment: build.mutation<{ deleted: true }, { shopId: string; segmentId: string }>({
      query: (body) => ({ url: '/api/crm/deleteSegment', method: 'POST', data: body }),
      invalidatesTags: ['CrmSegment'],
    }),
  }),
});

export const {
  useListSegmentsQuery,
  useCountSegmentQuery,
  useSaveSegmentMutation,
  useDeleteSegmentMutation,
} = crmApi;
