import { api } from '@/client/api/api';
import type { AgentRole } from '@/shared/roles';
import type { Agent } from '@/features/shop/client/shop.api';

export const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAllAgents: build.query<Agent[], { shopId: string }>({
      query: ({ shopId }) => ({ url: `/api/agent/getAllAgents/${encodeURIComponent(shopId)}` }),
      providesTags: ['Team'],
    }),
    inviteAgent: build.mutation<
      Agent,
      { shopId: string; phone: string; role: AgentRole; firstName?: string; lastName?: string }
    >({
      query: (body) => ({ url: '/api/agent/inviteAgent', method: 'POST', data: body }),
      // The agents counter lives in the shop's quotas.
      invalidatesTags: ['Team', 'Shop'],
    }),
    updateAgentRole: build.mutation<Agent, { shopId: string; agentId: string; role: AgentRole }>({
      query: (body) => ({ url: '/api/agent/updateAgentRole', method: 'POST', data: body }),
      invalidatesTags: ['Team'],
    }),
    setAgentActive: build.mutation<Agent, { shopId: string; agentId: string; isActive: boolean }>({
      query: (body) => ({ url: '/api/agent/setAgentActive', method: 'POST', data: body }),
      invalidatesTags: ['Team', 'Shop'],
    }),
  }),
});

export const {
  useGetAllAgentsQuery,
  useInviteAgentMutation,
  useUpdateAgentRoleMutation,
  useSetAgentActiveMutation,
} = teamApi;
