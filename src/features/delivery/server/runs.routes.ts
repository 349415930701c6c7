import { defineRoute, type RouteContext } from '@/server/http/define-route';
import { z } from '@/shared/validation';
import {
  ZCashSummary,
  ZCloseDayBody,
  ZDayClose,
  ZDeliverySettings,
  ZOrderDelivery,
  ZOrderDeliveryQuery,
  ZRemittance,
  ZRemittanceBody,
  ZReportBody,
  ZRiderLedger,
  ZRiderLink,
  ZRiderRefBody,
  ZRiderRefQuery,
  ZShopQuery,
  ZUpdateSettingsBody,
  ZBoard,
  ZBoardQuery,
  ZAssignManyBody,
  ZAssignManyResult,
  ZRunSheet,
  ZFiguresQuery,
  ZDeliveryFigures,
} from '../delivery.schemas';
import { deliveryFigures } from './figures';
import { assignMany, deliveryBoard } from './board';
import { runSheet } from './run-sheet';
import { closeRiderDay, recordRemittance, riderCashSummary, riderDays, riderOwed } from './ledger';
import { reportDelivery } from './report';
import { createRiderLink, getRiderLink, revokeRiderLink, sendRiderLinkSms } from './rider-link';
import { getDeliverySettings, updateDeliverySettings } from './settings';
import { findOrderDelivery } from './assign';
import { ensureTracking, sendTrackingSms, trackingUrl } from './tracking';
import { Errors } from '@/server/http/errors';

/* Runs: what riders report, their links, their cash, and the customer's tracking. */

const shopInQuery = { from: 'query', key: 'shopId' } as const;
const shopInBody = { from: 'body', key: 'shopId' } as const;
const tag = 'delivery';
const shopOf = (ctx: RouteContext<unknown, unknown, unknown>) => ctx.membership!.shop;
const ZDone = z.object({ ok: z.literal(true) });

export const getSettingsRoute = defineRoute({
  method: 'GET',
  path: '/api/delivery/settings',
  tag,
  summary: 'Les réglages de livraison de la boutique (code de livraison demandé ou non).',
  shop: shopInQuery,
  permission: 'delivery:view',
  query: ZShopQuery,
  response: ZDeliverySettings,
  handle: async (ctx) => getDeliverySettings(ctx.db, shopOf(ctx).id),
});

export const updateSettingsRoute = defineRoute({
  method: 'POST',
  path: '/api/delivery/updateSettings',
  tag,
  summary: 'Modifie les réglages de livraison ; ils valent pour les commandes confiées ensuite.',
  shop: shopInBody,
  permission: 'delivery:manage',
  body: ZUpdateSettingsBody,
  response: ZDeliverySettings,
  handle: async (ctx) => {
    const { shopId: _shopId, ...input } = ctx.body;
    return updateDeliverySettings(ctx.db, shopOf(ctx).id, input);
  },
});

export const reportRoute = defineRoute({
  method: 'POST',
  path: '/api/delivery/report',
  tag,
  summary:
    'Clôt une livraison pour le livreur (il a appelé) : livrée avec le montant encaissé et son moyen, refusée, client absent ou reportée, avec le motif.',
  shop: shopInBody,
  permission: 'delivery:manage',
  body: ZReportBody,
  response: ZOrderDelivery,
  handle: async (ctx) => {
    const { shopId: _shopId, deliveryId, ...report } = ctx.body;
    return reportDelivery(ctx.db, shopOf(ctx), deliveryId, report, { kind: 'agent', userId: ctx.user.id });
  },
});

export const getRiderLinkRoute = defineRoute({
  method: 'GET',
  path: '/api/delivery/riderLink',
  tag,
  summary: 'Le lien secret du livreur vers sa page du jour, s’il en a un (il lui tient lieu de compte).',
  shop: shopInQuery,
  permission: 'delivery:manage',
  query: ZRiderRefQuery,
  response: ZRiderLink,
  handle: async (ctx) => getRiderLink(ctx.db, shopOf(ctx).id, ctx.query.riderId),
});

export const createRiderLinkRoute = defineRoute({
  method: 'POST',
  path: '/api/delivery/createRiderLink',
  tag,
  summary: 'Crée un nouveau lien pour le livreur ; l’ancien cesse aussitôt de fonctionner.',
  shop: shopInBody,
  permission: 'delivery:manage',
  body: ZRiderRefBody,
  response: ZRiderLink,
  handle: async (ctx) => createRiderLink(ctx.db, shopOf(ctx).id, ctx.body.riderId),
});

export const revokeRiderLinkRoute = defineRoute({
  method: 'POST',
  path: '/api/delivery/revokeRiderLink',
  tag,
  summary: 'Révoque le lien du livreur : sa page dit aussitôt que le lien n’est plus valable.',
  shop: shopInBody,
  permission: 'delivery:manage',
  body: ZRiderRefBody,
  response: ZDone,
  handle: async (ctx) => {
    await revokeRiderLink(ctx.db, shopOf(ctx).id, ctx.body.riderId);
    return { ok: true as const };
  },
});

export const sendRiderLinkRoute = defineRoute({
  method: 'POST',
  path: '/api/delivery/sendRiderLink',
  tag,
  summary: 'Envoie au livreur son lien par SMS (compté dans les SMS du forfait).',
  shop: shopInBody,
  permission: 'delivery:manage',
  body: ZRiderRefBody,
  response: ZDone,
  handle: async (ctx) => {
    await sendRiderLinkSms(ctx.db, shopOf(ctx).id, ctx.body.riderId);
    return { ok: true as const };
  },
});

export const cashSummaryRoute = defineRoute({
  method: 'GET',
  path: '/api/delivery/cash',
  tag,
  summary:
    'La caisse des livreurs : pour chacun, les espèces qu’il doit encore, et sa journée (espèces et mobile money encaissés, remises, livraisons, échecs, clôture).',
  shop: shopInQuery,
  permission: 'delivery:view',
  query: ZShopQuery,
  response: ZCashSummary,
  handle: async (ctx) => ({ items: await riderCashSummary(ctx.db, shopOf(ctx)) }),
});

export const riderLedgerRoute = defineRoute({
  method: 'GET',
  path: '/api/delivery/riderLedger',
  tag,
  summary:
    'Le relevé d’un livreur jour par jour : encaissé, remis, et ce qu’il devait le soir (30 derniers jours actifs).',
  shop: shopInQuery,
  permission: 'delivery:view',
  query: ZRiderRefQuery,
  response: ZRiderLedger,
  handle: async (ctx) => {
    const shop = shopOf(ctx);
    const days = await riderDays(ctx.db, shop, ctx.query.riderId);
    return { owed: await riderOwed(ctx.db, shop.id, ctx.query.riderId), days };
  },
});

export const recordRemittanceRoute = defineRoute({
  method: 'POST',
  path: '/api/delivery/recordRemittance',
  tag,
  summary:
    'Enregistre une remise d’espèces du livreur, au plus ce qu’il doit ; confirmée par le code affiché sur sa page.',
  shop: shopInBody,
  permission: 'delivery:manage',
  body: ZRemittanceBody,
  response: ZRemittance,
  handle: async (ctx) => {
    const { shopId: _shopId, ...input } = ctx.body;
    return recordRemittance(ctx.db, shopOf(ctx), ctx.user.id, input);
  },
});

export const closeDayRoute = defineRoute({
  method: 'POST',
  path: '/api/delivery/closeDay',
  tag,
  summary:
    'Clôture la journée du livreur : ses chiffres du jour sont gardés, et un écart (espèces encore dues) est signalé sur l’Accueil et par notification.',
  shop: shopInBody,
  permission: 'delivery:manage',
  body: ZCloseDayBody,
  response: ZDayClose,
  handle: async (ctx) => closeRiderDay(ctx.db, shopOf(ctx), ctx.user.id, ctx.body.riderId),
});

export const sendTrackingRoute = defineRoute({
  method: 'POST',
  path: '/api/delivery/sendTracking',
  tag,
  summary:
    'Renvoie au client le SMS de suivi de sa livraison en cours (code et lien), compté dans les SMS du forfait.',
  shop: shopInBody,
  permission: 'delivery:manage',
  body: ZOrderDeliveryQuery,
  response: z.object({ trackingSms: z.string(), trackingUrl: z.string() }),
  handle: async (ctx) => {
    const shopId = shopOf(ctx).id;
    const delivery = await findOrderDelivery(ctx.db, shopId, ctx.body.orderId);
    if (delivery?.status !== 'assigned')
      throw Errors.validation({ orderId: 'Cette commande n’est pas en cours de livraison.' });
    const token = await ensureTracking(ctx.db, shopId, delivery.orderId);
    const trackingSms = await sendTrackingSms(ctx.db, shopId, delivery, token);
    return { trackingSms, trackingUrl: trackingUrl(token) };
  },
});

export const boardRoute = defineRoute({
  method: 'GET',
  path: '/api/delivery/board',
  tag,
  summary:
    'Le tableau « À livrer », une étape à la fois (à envoyer, en livraison, à replanifier) : les 100 plus anciennes commandes de l’étape par zone, le nombre de chaque étape, les livreurs en tournée.',
  shop: shopInQuery,
  permission: 'delivery:view',
  query: ZBoardQuery,
  response: ZBoard,
  handle: async (ctx) => deliveryBoard(ctx.db, shopOf(ctx).id, ctx.query.stage),
});

export const assignManyRoute = defineRoute({
  method: 'POST',
  path: '/api/delivery/assignMany',
  tag,
  summary:
    'Confie plusieurs commandes au même livreur : chacune à part, celles qui ne peuvent pas partir sont signalées sans bloquer les autres.',
  shop: shopInBody,
  permission: 'delivery:manage',
  body: ZAssignManyBody,
  response: ZAssignManyResult,
  handle: async (ctx) => ({
    results: await assignMany(ctx.db, shopOf(ctx).id, ctx.user.id, {
      orderIds: ctx.body.orderIds,
      riderId: ctx.body.riderId,
    }),
  }),
});

export const runSheetRoute = defineRoute({
  method: 'GET',
  path: '/api/delivery/runSheet',
  tag,
  summary:
    'La feuille de route d’un livreur : ses livraisons en cours par zone, adresses, téléphones et montants à encaisser.',
  shop: shopInQuery,
  permission: 'delivery:view',
  query: ZRiderRefQuery,
  response: ZRunSheet,
  handle: async (ctx) => runSheet(ctx.db, shopOf(ctx).id, ctx.query.riderId),
});

export const figuresRoute = defineRoute({
  method: 'GET',
  path: '/api/delivery/figures',
  tag,
  summary:
    'Les chiffres de livraison sur 7, 30 ou 90 jours, par livreur et par zone : tentatives, livrées, refusées, absents, reportées, taux de réussite, encaissé, et ce que chaque livreur doit.',
  shop: shopInQuery,
  permission: 'delivery:view',
  query: ZFiguresQuery,
  response: ZDeliveryFigures,
  handle: async (ctx) => deliveryFigures(ctx.db, shopOf(ctx), ctx.query.days),
});
