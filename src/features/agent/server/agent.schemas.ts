import { z } from '@/shared/validation';
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

export const ZShopIdParams = z.object({ shopId: z.string().trim().min(1).max(64) });
export const ZOptionalShopIdQuery = z.object({ shopId: z.string().trim().min(1).max(64).optional() });

export const ZUpdateMyProfileBody = z.object({
  shopId: z.string().trim().min(1).max(64),
  firstName: z.string().trim().min(1).max(60),
  lastName: z.string().trim().min(1).max(60),
  email: z.union([z.literal(''), z.email().max(120)]).optional(),
});
