import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { AxiosRequestConfig } from 'axios';
import { http } from './http';
import { ApiError } from './api-error';

interface AxiosArgs {
  url: string;
  method?: AxiosRequestConfig['method'];
  data?: unknown;
  params?: AxiosRequestConfig['params'];
  headers?: Record<string, string>;
}

const axiosBaseQuery: BaseQueryFn<AxiosArgs, unknown, ApiError> = async ({
  url,
  method = 'GET',
  data,
  params,
  headers,
}) => {
  try {
    const response = await http.request({ url, method, data, params, headers });
    return { data: response.data };
  } catch (error) {
    return { error: error instanceof ApiError ? error : new ApiError(0, 'UNKNOWN', String(error)) };
  }
};

/** The one RTK Query API; each module injects its endpoints from features/<module>/client. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: axiosBaseQuery,
  tagTypes: [
    'User',
    'Shop',
    'Agent',
    'Team',
    'Notification',
    'Balance',
    'Invoice',
    'ConsoleShop',
    'Product',
    'Category',
    'StockHistory',
    'Order',
    'OrderView',
    'HomeSummary',
    'HomeChecklist',
    'Stats',
  ],
  endpoints: () => ({}),
});
