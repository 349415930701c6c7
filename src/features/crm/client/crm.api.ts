import { api } from '@/client/api/api';
import type {
  TAutomation,
  TAutomationKind,
  TCampaign,
  TCampaignPreview,
  TSegment,
  TSegmentCount,
  TSegmentDefinition,
} from '../crm.schemas';

export interface CampaignMessage {
  id: string;
  phone: string;
  body: string;
  parts: number;
  discountCode: string | null;
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';
  delivery: 'delivered' | 'undelivered' | null;
  deliveryError: string | null;
  error: string | null;
  sentAt: string | null;
}

/** A campaign's codes ({code}): the discount, how many it gave, how many were used. */
export interface CampaignCodes {
  discountId: string;
  discountName: string;
  issued: number;
  used: number;
}

const crmTags = api.enhanceEndpoints({ addTagTypes: ['CrmSegment', 'CrmCampaign', 'CrmAutomation'] });

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
    listCampaigns: build.query<{ items: TCampaign[] }, string>({
      query: (shopId) => ({ url: '/api/crm/listCampaigns', params: { shopId } }),
      providesTags: ['CrmCampaign'],
    }),
    getCampaign: build.query<
      { campaign: TCampaign; codes: CampaignCodes | null; messages: CampaignMessage[] },
      { shopId: string; campaignId: string }
    >({
      query: (params) => ({ url: '/api/crm/campaign', params }),
      providesTags: ['CrmCampaign'],
    }),
    previewCampaign: build.query<
      TCampaignPreview,
      { shopId: string; definition: TSegmentDefinition; template: string; channel: 'sms' | 'whatsapp' }
    >({
      query: (body) => ({ url: '/api/crm/previewCampaign', method: 'POST', data: body }),
    }),
    startCampaign: build.mutation<
      { campaignId: string; recipients: number; parts: number },
      {
        shopId: string;
        name: string;
        definition: TSegmentDefinition;
        template: string;
        sendAt?: string;
        discountId?: string;
        channel?: 'sms' | 'whatsapp';
      }
    >({
      query: (body) => ({ url: '/api/crm/startCampaign', method: 'POST', data: body }),
      invalidatesTags: ['CrmCampaign', 'Shop'],
    }),
    campaignOptions: build.query<{ whatsapp: { costPerMessage: number } | null }, string>({
      query: (shopId) => ({ url: '/api/crm/campaignOptions', params: { shopId } }),
    }),
    campaignDiscounts: build.query<
      { items: Array<{ id: string; name: string; endsAt: string | null }> },
      string
    >({
      query: (shopId) => ({ url: '/api/crm/campaignDiscounts', params: { shopId } }),
    }),
    listAutomations: build.query<{ items: TAutomation[] }, string>({
      query: (shopId) => ({ url: '/api/crm/automations', params: { shopId } }),
      providesTags: ['CrmAutomation'],
    }),
    automationMessages: build.query<
      { messages: CampaignMessage[] },
      { shopId: string; kind: TAutomationKind }
    >({
      query: (params) => ({ url: '/api/crm/automationMessages', params }),
      providesTags: ['CrmAutomation'],
    }),
    saveAutomation: build.mutation<
      TAutomation,
      {
        shopId: string;
        kind: TAutomationKind;
        enabled: boolean;
        template: string;
        days?: number;
        discountId?: string;
      }
    >({
      query: (body) => ({ url: '/api/crm/saveAutomation', method: 'POST', data: body }),
      invalidatesTags: ['CrmAutomation'],
    }),
    sendTestSms: build.mutation<{ phone: string; text: string }, { shopId: string; template: string }>({
      query: (body) => ({ url: '/api/crm/sendTestSms', method: 'POST', data: body }),
      invalidatesTags: ['Shop'],
    }),
  }),
});

export const {
  useListCampaignsQuery,
  useGetCampaignQuery,
  usePreviewCampaignQuery,
  useStartCampaignMutation,
  useSendTestSmsMutation,
  useCampaignDiscountsQuery,
  useCampaignOptionsQuery,
  useListAutomationsQuery,
  useAutomationMessagesQuery,
  useSaveAutomationMutation,
} = crmApi;

export const {
  useListSegmentsQuery,
  useCountSegmentQuery,
  useSaveSegmentMutation,
  useDeleteSegmentMutation,
} = crmApi;
