import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { request, type HttpRequest } from './http';
import { ApiError } from './api-error';

/** What an endpoint's `query` returns: the request, as the one HTTP client takes it. */
type RequestArgs = Omit<HttpRequest, 'responseType'>;

const httpBaseQuery: BaseQueryFn<RequestArgs, unknown, ApiError> = async (args) => {
  try {
    const response = await request(args);
    return { data: response.data };
  } catch (error) {
    return { error: error instanceof ApiError ? error : new ApiError(0, 'UNKNOWN', String(error)) };
  }
};

/** The one RTK Query API; each module injects its endpoints from features/<module>/client. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: httpBaseQuery,
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
