import { api } from '@/client/api/api';
import type { DiscountState } from '@/shared/discounts/types';
import type { TDiscount, TDiscountInput } from '../discount.schemas';
import type { DiscountType } from './discount-text';

/** With its usage: orders that used it, their totals, what it took off them. */
export type Discount = TDiscount;

export interface DiscountListArgs {
  shopId: string;
  state?: DiscountState;
  type?: DiscountType;
  archived?: 'true' | 'false';
  after?: string;
  limit?: number;
}

export interface DiscountList {
  items: Discount[];
  nextAfter: string | null;
  /** The shop's cap on stacked discounts (% of the goods), for « Règles de cumul ». */
  stackCapPercent: number;
}

const clean = (args: object) =>
  Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined && v !== ''));

type Ref = { shopId: string; id: string };

/** The Réductions screens' calls (`/api/discount/*`). */
export const discountApi = api
  .enhanceEndpoints({ addTagTypes: ['Discount', 'DiscountCodes'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listDiscounts: build.query<DiscountList, DiscountListArgs>({
        query: (args) => ({ url: '/api/discount/list', params: clean(args) }),
        providesTags: ['Discount'],
      }),
      getDiscount: build.query<Discount, Ref>({
        query: (params) => ({ url: '/api/discount/get', params }),
        providesTags: ['Discount'],
      }),
      createDiscount: build.mutation<Discount, TDiscountInput & { shopId: string }>({
        query: (body) => ({ url: '/api/discount/create', method: 'POST', data: body }),
        invalidatesTags: ['Discount'],
      }),
      updateDiscount: build.mutation<Discount, TDiscountInput & Ref>({
        query: (body) => ({ url: '/api/discount/update', method: 'POST', data: body }),
        invalidatesTags: ['Discount'],
      }),
      duplicateDiscount: build.mutation<Discount, Ref>({
        query: (body) => ({ url: '/api/discount/duplicate', method: 'POST', data: body }),
        invalidatesTags: ['Discount'],
      }),
      archiveDiscount: build.mutation<Discount, Ref>({
        query: (body) => ({ url: '/api/discount/archive', method: 'POST', data: body }),
        invalidatesTags: ['Discount'],
      }),
      setDiscountEnabled: build.mutation<Discount, Ref & { enabled: boolean }>({
        query: (body) => ({ url: '/api/discount/setEnabled', method: 'POST', data: body }),
        invalidatesTags: ['Discount'],
      }),
      generateDiscountCodes: build.mutation<{ generated: number }, Ref & { count: number; prefix?: string }>({
        query: (body) => ({ url: '/api/discount/generateCodes', method: 'POST', data: body }),
        invalidatesTags: ['Discount', 'DiscountCodes'],
      }),
      listDiscountCodes: build.query<
        { items: Array<{ code: string; uses: number }>; nextAfter: string | null },
        Ref & { after?: string }
      >({
        query: (args) => ({ url: '/api/discount/codes', params: clean(args) }),
        providesTags: ['DiscountCodes'],
      }),
      saveDiscountSettings: build.mutation<
        { stackCapPercent: number },
        { shopId: string; stackCapPercent: number }
      >({
        query: (body) => ({ url: '/api/discount/settings', method: 'POST', data: body }),
        invalidatesTags: ['Discount'],
      }),
    }),
  });

export const {
  useListDiscountsQuery,
  useGetDiscountQuery,
  useCreateDiscountMutation,
  useUpdateDiscountMutation,
  useDuplicateDiscountMutation,
  useArchiveDiscountMutation,
  useSetDiscountEnabledMutation,
  useGenerateDiscountCodesMutation,
  useListDiscountCodesQuery,
  useSaveDiscountSettingsMutation,
} = discountApi;
