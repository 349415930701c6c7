import { defineRoute } from '@/server/http/define-route';
import { z } from '@/shared/validation';
import { findAgentsOfShop } from './agent.repository';
import { toAgentDto } from './agent.dto';
import { ZAgent, ZOptionalShopIdQuery, ZShopIdParams, ZUpdateMyProfileBody } from './agent.schemas';
import { updateMyProfile } from './update-my-profile';

export const getOneAgentRoute = defineRoute({
  method: 'GET',
  path: '/api/agent/getOneAgent',
  tag: 'agent',
  summary:
    "L'agent connecté dans la boutique courante (`shopId` si donné, sinon sa première boutique) ; null s'il n'a aucune boutique.",
  shop: { from: 'query', key: 'shopId', fallbackToFirstShop: true },
  allowBlockedShop: true,
  query: ZOptionalShopIdQuery,
  response: ZAgent.nullable(),
  handle: async ({ membership }) => (membership ? toAgentDto(membership.agent) : null),
});

export const getAllAgentsRoute = defineRoute({
  method: 'GET',
  path: '/api/agent/getAllAgents/{shopId}',
  tag: 'agent',
  summary: "L'équipe de la boutique (administrateur ; lecture pour le superviseur).",
  shop: { from: 'path', key: 'shopId' },
  permission: 'team:view',
  params: ZShopIdParams,
  response: z.array(ZAgent),
  handle: async ({ db, membership }) => (await findAgentsOfShop(db, membership!.shop.id)).map(toAgentDto),
});

export const updateMyProfileRoute = defineRoute({
  method: 'POST',
  path: '/api/agent/updateMyProfile',
  tag: 'agent',
  summary: "L'agent connecté complète ou modifie ses nom, prénom et e-mail dans la boutique donnée.",
  shop: { from: 'body', key: 'shopId' },
  permission: 'home:view',
  body: ZUpdateMyProfileBody,
  response: ZAgent,
  handle: async ({ db, membership, body }) => toAgentDto(await updateMyProfile(db, membership!, body)),
});
