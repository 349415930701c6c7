import { ZId, z } from '@/shared/validation';
import { AGENT_ROLES } from '@/shared/roles';

export const ZAgent = z.object({
  _id: z.string(),
  shopId: z.string(),
  userId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string(),
  email: z.string().nullable(),
  role: z.enum(AGENT_ROLES),
  profilePictureUrl: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type TAgent = z.infer<typeof ZAgent>;

export const ZShopIdParams = z.object({ shopId: ZId });
export const ZOptionalShopIdQuery = z.object({ shopId: ZId.optional() });

export const ZUpdateMyProfileBody = z.object({
  shopId: ZId,
  firstName: z.string().trim().min(1).max(60),
  lastName: z.string().trim().min(1).max(60),
  email: z.union([z.literal(''), z.email().max(120)]).optional(),
});

const ZOptionalName = z.union([z.literal(''), z.string().trim().min(1).max(60)]).optional();

export const ZInviteAgentBody = z.object({
  shopId: ZId,
  phone: z.string().trim().min(1).max(32),
  role: z.enum(AGENT_ROLES),
  firstName: ZOptionalName,
  lastName: ZOptionalName,
});

export const ZUpdateAgentRoleBody = z.object({ shopId: ZId, agentId: ZId, role: z.enum(AGENT_ROLES) });
export const ZSetAgentActiveBody = z.object({ shopId: ZId, agentId: ZId, isActive: z.boolean() });
export const ZShopIdQuery = z.object({ shopId: ZId });
