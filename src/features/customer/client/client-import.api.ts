import { api } from '@/client/api/api';
import type { TClientImportReport } from '../client-import.schemas';
import type { TClientNoteEvent, TMergeClientsAnswer } from '../client-merge.schemas';
import type { TClientSummary } from '../customer.schemas';

export type ClientImportReport = TClientImportReport;
export type ClientNoteEvent = TClientNoteEvent;

/*
 * The clients' import, merge and notes. `Client` is the tag the clients' list and page provide:
 * a merge or an import invalidates it (and the orders, whose client changed).
 */
const clientToolsApi = api.enhanceEndpoints({ addTagTypes: ['Client', 'ClientEvents'] }).injectEndpoints({
  endpoints: (build) => ({
    /** What importing the file would do, line by line; the server reads the file, writes nothing. */
    previewClientsImport: build.mutation<ClientImportReport, { shopId: string; file: File }>({
      query: ({ shopId, file }) => ({
        url: '/api/client/importPreview',
        method: 'POST',
        data: file,
        params: { shopId },
        headers: { 'Content-Type': 'text/csv' },
      }),
    }),
    importClients: build.mutation<ClientImportReport, { shopId: string; file: File }>({
      query: ({ shopId, file }) => ({
        url: '/api/client/import',
        method: 'POST',
        data: file,
        params: { shopId },
        headers: { 'Content-Type': 'text/csv' },
      }),
      invalidatesTags: ['Client'],
    }),
    /** The other client to merge with: the list's search (name, phone in any form, e-mail). */
    findClientsToMerge: build.query<{ items: TClientSummary[] }, { shopId: string; search: string }>({
      query: ({ shopId, search }) => ({
        url: '/api/client/list',
        params: { shopId, search, sort: 'name', limit: 8 },
      }),
    }),
    mergeClients: build.mutation<TMergeClientsAnswer, { shopId: string; keepId: string; mergeId: string }>({
      query: (body) => ({ url: '/api/client/merge', method: 'POST', data: body }),
      invalidatesTags: ['Client', 'ClientEvents', 'Order'],
    }),
    addClientNote: build.mutation<ClientNoteEvent, { shopId: string; clientId: string; text: string }>({
      query: (body) => ({ url: '/api/client/addNote', method: 'POST', data: body }),
      invalidatesTags: ['ClientEvents', 'Client'],
    }),
    /** The client's notes and merges, newest first. */
    clientEvents: build.query<
      { items: ClientNoteEvent[]; nextCursor: string | null },
      { shopId: string; clientId: string; after?: string; limit?: number }
    >({
      query: (params) => ({ url: '/api/client/events', params }),
      providesTags: ['ClientEvents'],
    }),
  }),
});

export const {
  usePreviewClientsImportMutation,
  useImportClientsMutation,
  useFindClientsToMergeQuery,
  useMergeClientsMutation,
  useAddClientNoteMutation,
  useClientEventsQuery,
} = clientToolsApi;
