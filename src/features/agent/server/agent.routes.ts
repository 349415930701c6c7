import { defineRoute } from '@/server/http/define-route';
import { z } from '@/shared/validation';
import { findAgentsOfShop, setAgentProfilePicture } from './agent.repository';
import { toAgentDto } from './agent.dto';
import { AVATAR_SIZE, storeImage } from '@/server/storage/store-image';
import {
  ZAgent,
  ZInviteAgentBody,
  ZOptionalShopIdQuery,
  ZSetAgentActiveBody,
  ZShopIdParams,
  ZShopIdQuery,
  ZUpdateAgentRoleBody,
  ZUpdateMyProfileBody,
} from './agent.schemas';
import { changeAgentRole, inviteAgent, setAgentActive } from './team';
import { updateMyProfile } from './update-my-profile';

export const getOneAgentRoute = defineRoute({
  method: 'GET',
  path: '/api/agent/getOneAgent',
  tag: 'agent',
  summary:
    'L’agent connecté dans la boutique courante (`shopId` si donné, sinon sa première boutique) ; null s’il n’a aucune boutique.',
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
  summary: 'L’équipe de la boutique (administrateur ; lecture pour le superviseur).',
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
  summary: 'L’agent connecté complète ou modifie ses nom, prénom et e-mail dans la boutique donnée.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'home:view',
  body: ZUpdateMyProfileBody,
  response: ZAgent,
  handle: async ({ db, membership, body }) => toAgentDto(await updateMyProfile(db, membership!, body)),
});

export const inviteAgentRoute = defineRoute({
  method: 'POST',
  path: '/api/agent/inviteAgent',
  tag: 'agent',
  summary:
    'Ajoute un agent à l’équipe par son téléphone, avec un rôle (administrateur ; dans la limite d’agents du forfait).',
  shop: { from: 'body', key: 'shopId' },
  permission: 'team:manage',
  body: ZInviteAgentBody,
  response: ZAgent,
  handle: async ({ db, membership, body }) => toAgentDto(await inviteAgent(db, membership!, body)),
});

export const updateAgentRoleRoute = defineRoute({
  method: 'POST',
  path: '/api/agent/updateAgentRole',
  tag: 'agent',
  summary: 'Change le rôle d’un agent (administrateur ; ni soi-même ni le propriétaire).',
  shop: { from: 'body', key: 'shopId' },
  permission: 'team:manage',
  body: ZUpdateAgentRoleBody,
  response: ZAgent,
  handle: async ({ db, membership, body }) => toAgentDto(await changeAgentRole(db, membership!, body)),
});

export const setAgentActiveRoute = defineRoute({
  method: 'POST',
  path: '/api/agent/setAgentActive',
  tag: 'agent',
  summary:
    'Désactive un agent (il perd l’accès à la boutique) ou le réactive dans la limite du forfait (administrateur).',
  shop: { from: 'body', key: 'shopId' },
  permission: 'team:manage',
  body: ZSetAgentActiveBody,
  response: ZAgent,
  handle: async ({ db, membership, body }) => toAgentDto(await setAgentActive(db, membership!, body)),
});

export const uploadMyPhotoRoute = defineRoute({
  method: 'POST',
  path: '/api/agent/uploadMyPhoto',
  tag: 'agent',
  summary:
    'Photo de profil de l’agent connecté : le corps est l’image (JPEG, PNG ou WebP, contrôlée sur son contenu), recadrée en 256 × 256 WebP.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'home:view',
  query: ZShopIdQuery,
  upload: { field: 'photo' },
  response: ZAgent,
  handle: async ({ db, membership, file }) => {
    const url = await storeImage('avatars', file!, AVATAR_SIZE, 'photo');
    return toAgentDto(await setAgentProfilePicture(db, membership!.agent.id, url));
  },
});
