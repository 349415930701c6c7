import { defineRoute } from '@/server/http/define-route';
import { z } from '@/shared/validation';
import { AGENT_ROLES } from '@/shared/roles';
import { findMembershipsOfUser } from '@/server/tenancy/membership';
import { getEnv } from '@/server/env';

const ZUserInfo = z.object({
  _id: z.string(),
  phone: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  isPlatformOperator: z.boolean(),
  shops: z.array(
    z.object({ _id: z.string(), name: z.string(), role: z.enum(AGENT_ROLES), isBlocked: z.boolean() }),
  ),
  /** The configured product name, for texts such as the blocked-shop message. */
  productName: z.string(),
});

export const getInfoRoute = defineRoute({
  method: 'GET',
  path: '/api/user/getInfo',
  tag: 'user',
  summary: 'L’utilisateur connecté et les boutiques où il travaille (pour le sélecteur de boutique).',
  response: ZUserInfo,
  handle: async ({ db, user }) => {
    const memberships = await findMembershipsOfUser(db, user.id);
    return {
      _id: user.id,
      phone: user.phone,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      isPlatformOperator: user.isPlatformOperator,
      shops: memberships.map(({ shop, agent }) => ({
        _id: shop.id,
        name: shop.name,
        role: agent.role as (typeof AGENT_ROLES)[number],
        isBlocked: shop.isBlocked,
      })),
      productName: getEnv().PRODUCT_NAME,
    };
  },
});
