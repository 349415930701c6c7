import { api } from '@/client/api/api';
import type { TDomainCheck, TDomainRecord } from '../domain.schemas';

/* « Vérifier le domaine » (Site web): the DNS records for the shop's own domain, and what DNS answers. */

export type DomainCheck = TDomainCheck;
export type DomainRecord = TDomainRecord;

const domainApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The server checks the domain it has saved; `customDomain` is only part of the cache key, so
     * that saving another domain asks again instead of showing the former one's answer.
     */
    checkDomain: build.query<DomainCheck, { shopId: string; customDomain: string }>({
      query: ({ shopId }) => ({ url: '/api/storefront/checkDomain', params: { shopId } }),
      // DNS changes outside the app: an answer is not kept once nobody shows it.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useCheckDomainQuery } = domainApi;
