import { defineRoute } from '@/server/http/define-route';
import { z } from '@/shared/validation';
import { upsertPushDevice } from '@/server/push/push-devices';
import { getShopBalance } from './shop.repository';
import { toShopDto } from './shop.dto';
import { listSellerShops } from './list-seller-shops';
import {
  ZBalance,
  ZIdParams,
  ZOk,
  ZSellerIdParams,
  ZSetFcmIdBody,
  ZShop,
  ZShopIdQuery,
  ZShopIdBody,
  ZShopIdRequiredQuery,
  ZUpdateShopBody,
} from './shop.schemas';
import { announceShopUpdate, updateShopSettings } from './update-shop-settings';
import { updateShop } from './shop.repository';
import { LOGO_SIZE, storeImage } from '@/server/storage/store-image';
import { dismissChecklist } from './shop-checklist';

export const getShopRoute = defineRoute({
  method: 'GET',
  path: '/api/shop/getShop',
  tag: 'shop',
  summary:
    'La boutique courante : celle de `shopId` si donné, sinon la première boutique de l’appelant ; null s’il n’en a aucune.',
  shop: { from: 'query', key: 'shopId', fallbackToFirstShop: true },
  allowBlockedShop: true,
  query: ZShopIdQuery,
  response: ZShop.nullable(),
  handle: async ({ db, membership }) => (membership ? toShopDto(db, membership.shop) : null),
});

export const getShopByIdRoute = defineRoute({
  method: 'GET',
  path: '/api/shop/getShopById/{id}',
  tag: 'shop',
  summary: 'Une boutique dont l’appelant est membre.',
  shop: { from: 'path', key: 'id' },
  allowBlockedShop: true,
  params: ZIdParams,
  response: ZShop,
  handle: async ({ db, membership }) => toShopDto(db, membership!.shop),
});

export const listSellerShopRoute = defineRoute({
  method: 'GET',
  path: '/api/shop/listSellerShop/{sellerId}',
  tag: 'shop',
  summary: 'Les boutiques d’un vendeur (propriétaire) visibles par l’appelant.',
  params: ZSellerIdParams,
  response: z.array(ZShop),
  handle: async ({ db, user, params }) => listSellerShops(db, user, params.sellerId),
});

export const getShopBalanceRoute = defineRoute({
  method: 'GET',
  path: '/api/shop/getShopBalance',
  tag: 'shop',
  summary: 'Le solde de la boutique, en unités mineures de sa devise (somme des écritures).',
  shop: { from: 'query', key: 'shopId' },
  permission: 'balance:view',
  query: ZShopIdRequiredQuery,
  response: ZBalance,
  handle: async ({ db, membership }) => ({
    shopId: membership!.shop.id,
    balance: await getShopBalance(db, membership!.shop.id),
    currency: membership!.shop.currency,
  }),
});

export const setFcmIdRoute = defineRoute({
  method: 'POST',
  path: '/api/shop/setFcmId',
  tag: 'shop',
  summary: 'Enregistre l’identifiant push de l’appareil (application native) pour l’utilisateur connecté.',
  body: ZSetFcmIdBody,
  response: ZOk,
  handle: async ({ db, user, body }) => {
    await upsertPushDevice(db, user.id, body.fmcId);
    return { success: true as const };
  },
});

export const updateShopRoute = defineRoute({
  method: 'POST',
  path: '/api/shop/updateShop',
  tag: 'shop',
  summary: 'Les réglages de la boutique : nom, devise, fuseau horaire, pays (administrateur).',
  shop: { from: 'body', key: 'shopId' },
  permission: 'shop:settings',
  body: ZUpdateShopBody,
  response: ZShop,
  handle: async ({ db, membership, body }) => {
    const { shopId: _shopId, ...settings } = body;
    return toShopDto(db, await updateShopSettings(db, membership!.shop, settings));
  },
});

export const uploadShopLogoRoute = defineRoute({
  method: 'POST',
  path: '/api/shop/uploadLogo',
  tag: 'shop',
  summary:
    'Logo de la boutique : le corps est l’image (JPEG, PNG ou WebP, contrôlée sur son contenu), ramenée à 512 px au plus en WebP (administrateur).',
  shop: { from: 'query', key: 'shopId' },
  permission: 'shop:settings',
  query: ZShopIdRequiredQuery,
  upload: { field: 'logo' },
  response: ZShop,
  handle: async ({ db, membership, file }) => {
    const logoUrl = await storeImage('logos', file!, LOGO_SIZE, 'logo');
    const shop = await updateShop(db, membership!.shop.id, { logoUrl });
    announceShopUpdate(shop.id);
    return toShopDto(db, shop);
  },
});

export const dismissChecklistRoute = defineRoute({
  method: 'POST',
  path: '/api/shop/dismissChecklist',
  tag: 'shop',
  summary:
    'Ferme « Pour bien démarrer » sur l’accueil, pour la boutique (administrateur) ; sans effet si c’est déjà fait.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'shop:checklist',
  body: ZShopIdBody,
  response: ZOk,
  handle: async ({ db, membership }) => {
    await dismissChecklist(db, membership!.shop);
    return { success: true as const };
  },
});
