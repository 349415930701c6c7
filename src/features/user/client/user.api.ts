import { api } from '@/client/api/api';
import type { AgentRole } from '@/shared/roles';

export interface UserInfo {
  _id: string;
  phone: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  isPlatformOperator: boolean;
  shops: Array<{ _id: string; name: string; role: AgentRole; isBlocked: boolean }>;
  productName: string;
}

export const userApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserInfo: build.query<UserInfo, void>({
      query: () => ({ url: '/api/user/getInfo' }),
      providesTags: ['User'],
    }),
  }),
});

export const { useGetUserInfoQuery } = userApi;
