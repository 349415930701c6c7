import { api } from '@/client/api/api';
import type { TClientStatement } from '../customer.schemas';

/** The « relevé » of a client's ardoise (GET /api/client/statement), for its print page. */
export const clientStatementApi = api.injectEndpoints({
  endpoints: (build) => ({
    getClientStatement: build.query<
      TClientStatement,
      { shopId: string; clientId: string; from: string; to: string }
    >({
      query: (params) => ({ url: '/api/client/statement', params }),
    }),
  }),
});

export const { useGetClientStatementQuery } = clientStatementApi;
