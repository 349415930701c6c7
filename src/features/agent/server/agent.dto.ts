import { isAgentRole, DEFAULT_ROLE } from '@/shared/roles';
import type { AgentRow } from './agent.repository';
import type { TAgent } from './agent.schemas';

export function toAgentDto(agent: AgentRow): TAgent {
  return {
    _id: agent.id,
    shopId: agent.shopId,
    userId: agent.userId,
    firstName: agent.firstName,
    lastName: agent.lastName,
    phone: agent.phone,
    email: agent.email,
    role: isAgentRole(agent.role) ? agent.role : DEFAULT_ROLE,
    profilePictureUrl: agent.profilePictureUrl,
    isActive: agent.isActive,
    createdAt: agent.createdAt.toISOString(),
  };
}
