import { defineRoute, type RouteContext } from '@/server/http/define-route';
import { z } from '@/shared/validation';
import {
  ZCreatePickupPointBody,
  ZCreateZoneBody,
  ZPickupPoint,
  ZPickupPoints,
  ZQuote,
  ZQuoteQuery,
  ZRefBody,
  ZShopQuery,
  ZStarterZonesBody,
  ZUpdatePickupPointBody,
  ZUpdateZoneBody,
  ZZone,
  ZZones,
  ZCreateRiderBody,
  ZRider,
  ZRiders,
  ZUpdateRiderBody,
  ZAssignBody,
  ZOrderDelivery,
  ZOrderDeliveryQuery,
  ZAssignResult,
} from '../delivery.schemas';
import { findTrackingToken, trackingUrl } from './tracking';
import { assignOrder, findOrderDelivery } from './assign';
import { createRider, listRiders, updateRider } from './riders';
import { addStarterZones, createZone, deleteZone, listZones, updateZone } from './zones';
import { quoteDelivery } from './quote';
import { createPickupPoint, deletePickupPoint, listPickupPoints, updatePickupPoint } from './pickup-points';

const shopInQuery = { from: 'query', key: 'shopId' } as const;
const shopInBody = { from: 'body', key: 'shopId' } as const;
const tag = 'delivery';
const shopIdOf = (ctx: RouteContext<unknown, unknown, unknown>) => ctx.membership!.shop.id;
const ZDone = z.object({ ok: z.literal(true) });

export const listZonesRoute = defineRoute({
  method: 'GET',
  path: '/api/delivery/zones',
  tag,
  summary: 'Les zones de livraison de la boutique, dans leur ordre, avec leurs communes et quartiers.',
  shop: shopInQuery,
  permission: 'delivery:view',
  query: ZShopQuery,
  response: ZZones,
  handle: async (ctx) => ({ items: await listZones(ctx.db, shopIdOf(ctx)) }),
});

export const createZoneRoute = defineRoute({
  method: 'POST',
  path: '/api/delivery/createZone',
  tag,
  summary:
    'Crée une zone : ses frais, sa livraison offerte dès un montant, sa commande minimum, son délai et ses communes (une commune n’est que dans une zone).',
  shop: shopInBody,
  permission: 'delivery:manage',
  body: ZCreateZoneBody,
  response: ZZone,
  handle: async (ctx) => {
    const { shopId: _shopId, ...input } = ctx.body;
    return createZone(ctx.db, shopIdOf(ctx), input);
  },
});

export const updateZoneRoute = defineRoute({
  method: 'POST',
  path: '/api/delivery/updateZone',
  tag,
  summary: 'Modifie une zone et remplace sa liste de communes et quartiers.',
  shop: shopInBody,
  permission: 'delivery:manage',
  body: ZUpdateZoneBody,
  response: ZZone,
  handle: async (ctx) => {
    const { shopId: _shopId, id, ...input } = ctx.body;
    return updateZone(ctx.db, shopIdOf(ctx), id, input);
  },
});

export const deleteZoneRoute = defineRoute({
  method: 'POST',
  path: '/api/delivery/deleteZone',
  tag,
  summary: 'Supprime une zone ; les commandes gardent les frais qu’elles ont payés.',
  shop: shopInBody,
  permission: 'delivery:manage',
  body: ZRefBody,
  response: ZDone,
  handle: async (ctx) => {
    await deleteZone(ctx.db, shopIdOf(ctx), ctx.body.id);
    return { ok: true as const };
  },
});

export const addStarterZonesRoute = defineRoute({
  method: 'POST',
  path: '/api/delivery/addStarterZones',
  tag,
  summary:
    'Ajoute les zones de départ de Dakar ou d’Abidjan (communes regroupées, frais usuels), sans les communes déjà placées.',
  shop: shopInBody,
  permission: 'delivery:manage',
  body: ZStarterZonesBody,
  response: z.object({ created: z.number() }),
  handle: async (ctx) => ({ created: await addStarterZones(ctx.db, shopIdOf(ctx), ctx.body.city) }),
});

export const quoteRoute = defineRoute({
  method: 'GET',
  path: '/api/delivery/quote',
  tag,
  summary:
    'Les frais de livraison d’une adresse (commune, quartier) pour un montant d’articles : la zone, les frais, offerte ou non, sous le minimum ou non.',
  shop: shopInQuery,
  permission: 'delivery:view',
  query: ZQuoteQuery,
  response: ZQuote,
  handle: async (ctx) => {
    const { commune, quartier, position, goods } = ctx.query;
    return quoteDelivery(ctx.db, shopIdOf(ctx), { commune, quartier, position }, goods);
  },
});

export const listPickupPointsRoute = defineRoute({
  method: 'GET',
  path: '/api/delivery/pickupPoints',
  tag,
  summary: 'Les points de retrait de la boutique (« retrait en boutique ») et leurs horaires.',
  shop: shopInQuery,
  permission: 'delivery:view',
  query: ZShopQuery,
  response: ZPickupPoints,
  handle: async (ctx) => ({ items: await listPickupPoints(ctx.db, shopIdOf(ctx)) }),
});

export const createPickupPointRoute = defineRoute({
  method: 'POST',
  path: '/api/delivery/createPickupPoint',
  tag,
  summary: 'Crée un point de retrait.',
  shop: shopInBody,
  permission: 'delivery:manage',
  body: ZCreatePickupPointBody,
  response: ZPickupPoint,
  handle: async (ctx) => {
    const { shopId: _shopId, ...input } = ctx.body;
    return createPickupPoint(ctx.db, shopIdOf(ctx), input);
  },
});

export const updatePickupPointRoute = defineRoute({
  method: 'POST',
  path: '/api/delivery/updatePickupPoint',
  tag,
  summary: 'Modifie un point de retrait.',
  shop: shopInBody,
  permission: 'delivery:manage',
  body: ZUpdatePickupPointBody,
  response: ZPickupPoint,
  handle: async (ctx) => {
    const { shopId: _shopId, id, ...input } = ctx.body;
    return updatePickupPoint(ctx.db, shopIdOf(ctx), id, input);
  },
});

export const deletePickupPointRoute = defineRoute({
  method: 'POST',
  path: '/api/delivery/deletePickupPoint',
  tag,
  summary: 'Supprime un point de retrait.',
  shop: shopInBody,
  permission: 'delivery:manage',
  body: ZRefBody,
  response: ZDone,
  handle: async (ctx) => {
    await deletePickupPoint(ctx.db, shopIdOf(ctx), ctx.body.id);
    return { ok: true as const };
  },
});

export const listRidersRoute = defineRoute({
  method: 'GET',
  path: '/api/delivery/riders',
  tag,
  summary: 'Les livreurs de la boutique (les siens et les indépendants), les actifs d’abord.',
  shop: shopInQuery,
  permission: 'delivery:view',
  query: ZShopQuery,
  response: ZRiders,
  handle: async (ctx) => ({ items: await listRiders(ctx.db, shopIdOf(ctx)) }),
});

export const createRiderRoute = defineRoute({
  method: 'POST',
  path: '/api/delivery/createRider',
  tag,
  summary:
    'Ajoute un livreur : nom, téléphone (un livreur par numéro), moyen de transport, livreur de la boutique ou indépendant.',
  shop: shopInBody,
  permission: 'delivery:manage',
  body: ZCreateRiderBody,
  response: ZRider,
  handle: async (ctx) => {
    const { shopId: _shopId, ...input } = ctx.body;
    return createRider(ctx.db, ctx.membership!.shop, input);
  },
});

export const updateRiderRoute = defineRoute({
  method: 'POST',
  path: '/api/delivery/updateRider',
  tag,
  summary: 'Modifie un livreur ; un livreur n’est jamais supprimé, il est rendu inactif.',
  shop: shopInBody,
  permission: 'delivery:manage',
  body: ZUpdateRiderBody,
  response: ZRider,
  handle: async (ctx) => {
    const { shopId: _shopId, id, ...input } = ctx.body;
    return updateRider(ctx.db, ctx.membership!.shop, id, input);
  },
});

export const assignOrderRoute = defineRoute({
  method: 'POST',
  path: '/api/delivery/assign',
  tag,
  summary:
    'Confie une commande à un livreur : la commande passe « En livraison », le livreur doit encaisser son reste dû ; un autre livreur reprend la livraison ouverte.',
  shop: shopInBody,
  permission: 'delivery:manage',
  body: ZAssignBody,
  response: ZAssignResult,
  handle: async (ctx) =>
    assignOrder(ctx.db, shopIdOf(ctx), ctx.user.id, {
      orderId: ctx.body.orderId,
      riderId: ctx.body.riderId,
    }),
});

export const orderDeliveryRoute = defineRoute({
  method: 'GET',
  path: '/api/delivery/orderDelivery',
  tag,
  summary:
    'La livraison de la commande, en cours ou la dernière close (livreur, montant à encaisser, code, résultat), et son lien de suivi.',
  shop: shopInQuery,
  permission: 'delivery:view',
  query: ZOrderDeliveryQuery,
  response: z.object({ delivery: ZOrderDelivery.nullable(), trackingUrl: z.string().nullable() }),
  handle: async (ctx) => {
    const delivery = await findOrderDelivery(ctx.db, shopIdOf(ctx), ctx.query.orderId);
    const token = delivery ? await findTrackingToken(ctx.db, delivery.orderId) : null;
    return { delivery, trackingUrl: token ? trackingUrl(token) : null };
  },
});
