import { api } from '@/client/api/api';
import type { ListingChannel } from '@/features/product/product.constants';
import type {
  TChannelSettings,
  TChannelSettingsBody,
  TChannelsOverview,
  TFeedProblems,
  TListing,
  TPasteDraft,
  TSaveListingBody,
} from '../channel.schemas';
import type { MessageTemplateKey } from '../channel.constants';

/* Canaux de vente's endpoints. */

export type ChannelsOverview = TChannelsOverview;
export type ChannelSettings = TChannelSettings;
export type Listing = TListing;
export type PasteDraft = TPasteDraft;
export type FeedProblems = TFeedProblems;
export type { ListingChannel };

export interface ShareLinks {
  url: string;
  text: string;
  waUrl: string;
  isSitePublished: boolean;
  variants: Array<{ id: string; label: string; price: number; text: string; waUrl: string }>;
  statusCardUrl: string | null;
}

export interface OrderMessages {
  suggested: MessageTemplateKey;
  phone: string | null;
  canSendDirectly: boolean;
  items: Array<{ key: MessageTemplateKey; label: string; text: string; waUrl: string | null }>;
}

const channelApi = api
  .enhanceEndpoints({ addTagTypes: ['ChannelSettings', 'ChannelListing', 'ChannelOverview'] })
  .injectEndpoints({
    endpoints: (build) => ({
      channelsOverview: build.query<ChannelsOverview, { shopId: string }>({
        query: (params) => ({ url: '/api/channel/overview', params }),
        providesTags: ['ChannelOverview'],
      }),
      channelSettings: build.query<ChannelSettings, { shopId: string }>({
        query: (params) => ({ url: '/api/channel/settings', params }),
        providesTags: ['ChannelSettings'],
      }),
      updateChannelSettings: build.mutation<ChannelSettings, TChannelSettingsBody>({
        query: (body) => ({ url: '/api/channel/updateSettings', method: 'POST', data: body }),
        invalidatesTags: ['ChannelSettings', 'ChannelOverview'],
      }),
      renewFeedSecret: build.mutation<ChannelSettings, { shopId: string }>({
        query: (body) => ({ url: '/api/channel/renewFeedSecret', method: 'POST', data: body }),
        invalidatesTags: ['ChannelSettings'],
      }),
      channelListings: build.query<
        { items: Listing[]; hasMore: boolean },
        { shopId: string; search?: string; afterName?: string; afterId?: string }
      >({
        query: (params) => ({ url: '/api/channel/listings', params }),
        providesTags: ['ChannelListing'],
      }),
      saveChannelListing: build.mutation<Listing, TSaveListingBody>({
        query: (body) => ({ url: '/api/channel/saveListing', method: 'POST', data: body }),
        invalidatesTags: ['ChannelListing', 'ChannelOverview'],
      }),
      pasteOrder: build.mutation<PasteDraft, { shopId: string; text: string }>({
        query: (body) => ({ url: '/api/channel/pasteOrder', method: 'POST', data: body }),
      }),
      pasteReady: build.mutation<{ variants: number }, { shopId: string }>({
        query: (body) => ({ url: '/api/channel/pasteReady', method: 'POST', data: body }),
      }),
      shareLinks: build.query<ShareLinks, { shopId: string; productId?: string; categoryId?: string }>({
        query: (params) => ({ url: '/api/channel/share', params }),
        providesTags: ['ChannelListing', 'ChannelSettings'],
      }),
      orderMessages: build.query<OrderMessages, { shopId: string; orderId: string }>({
        query: (params) => ({ url: '/api/channel/orderMessages', params }),
        providesTags: ['ChannelSettings'],
      }),
      sendOrderMessage: build.mutation<
        { ok: true },
        { shopId: string; orderId: string; template: MessageTemplateKey }
      >({
        query: (body) => ({ url: '/api/channel/sendOrderMessage', method: 'POST', data: body }),
      }),
      checkFeeds: build.query<FeedProblems, { shopId: string }>({
        query: (params) => ({ url: '/api/channel/checkFeeds', params }),
        providesTags: ['ChannelListing', 'ChannelSettings'],
      }),
    }),
  });

export const {
  useChannelsOverviewQuery,
  useChannelSettingsQuery,
  useUpdateChannelSettingsMutation,
  useRenewFeedSecretMutation,
  useChannelListingsQuery,
  useSaveChannelListingMutation,
  usePasteOrderMutation,
  usePasteReadyMutation,
  useShareLinksQuery,
  useLazyShareLinksQuery,
  useOrderMessagesQuery,
  useSendOrderMessageMutation,
  useCheckFeedsQuery,
} = channelApi;
