import { api } from '@/client/api/api';
import type { TDesign, TPreview, TSaveDraftBody, TVersions } from '../../design.schemas';

/* The site builder's calls: its draft, the preview, publication, history and image uploads. */

export type Design = TDesign;

const builderApi = api.enhanceEndpoints({ addTagTypes: ['SiteDesign', 'SiteVersions'] }).injectEndpoints({
  endpoints: (build) => ({
    getDesign: build.query<Design, { shopId: string }>({
      query: (params) => ({ url: '/api/storefront/design', params }),
      providesTags: ['SiteDesign'],
    }),
    // The draft is saved as the seller types: the editor keeps its own copy, the cache is not refreshed.
    saveDraft: build.mutation<Design, TSaveDraftBody>({
      query: (body) => ({ url: '/api/storefront/saveDraft', method: 'POST', data: body }),
    }),
    discardDraft: build.mutation<Design, { shopId: string }>({
      query: (body) => ({ url: '/api/storefront/discardDraft', method: 'POST', data: body }),
      invalidatesTags: ['SiteDesign'],
    }),
    publishDesign: build.mutation<Design, { shopId: string }>({
      query: (body) => ({ url: '/api/storefront/publish', method: 'POST', data: body }),
      invalidatesTags: ['SiteVersions'],
    }),
    listVersions: build.query<TVersions, { shopId: string }>({
      query: (params) => ({ url: '/api/storefront/versions', params }),
      providesTags: ['SiteVersions'],
    }),
    restoreVersion: build.mutation<Design, { shopId: string; number: number }>({
      query: (body) => ({ url: '/api/storefront/restoreVersion', method: 'POST', data: body }),
      invalidatesTags: ['SiteDesign', 'SiteVersions'],
    }),
    previewPage: build.mutation<TPreview, TSaveDraftBody & { page: string }>({
      query: (body) => ({ url: '/api/storefront/preview', method: 'POST', data: body }),
    }),
    uploadSiteImage: build.mutation<{ url: string }, { shopId: string; file: File }>({
      query: ({ shopId, file }) => ({
        url: '/api/storefront/uploadImage',
        method: 'POST',
        params: { shopId },
        data: file,
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
      }),
    }),
  }),
});

export const {
  useGetDesignQuery,
  useSaveDraftMutation,
  useDiscardDraftMutation,
  usePublishDesignMutation,
  useListVersionsQuery,
  useRestoreVersionMutation,
  usePreviewPageMutation,
  useUploadSiteImageMutation,
} = builderApi;
