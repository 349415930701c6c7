import { z } from '@/shared/validation';
import { defineRoute, type RouteContext } from '@/server/http/define-route';
import {
  ZAdjustPointsBody,
  ZClientLoyalty,
  ZClientLoyaltyQuery,
  ZLoyaltyConflict,
  ZLoyaltyConflictsQuery,
  ZLoyaltyProgram,
  ZLoyaltySummary,
  ZResolveLoyaltyConflictBody,
  ZSaveLoyaltyProgramBody,
  ZShopQuery,
} from '../loyalty.schemas';
import { adjustPoints, clientLoyalty } from './client-points';
import { listLoyaltyConflicts, resolveLoyaltyConflict } from './conflicts';
import { getProgram, saveProgram } from './program';
import { loyaltySummary } from './summary';

const tag = 'loyalty';
const shopOf = (ctx: RouteContext<unknown, unknown, unknown>) => ctx.membership!.shop;

export const programRoute = defineRoute({
  method: 'GET',
  path: '/api/loyalty/program',
  tag,
  summary:
    'Le programme de fidélité de la boutique : activé ou non, points gagnés pour 1 000, valeur d’un point, minimum pour les utiliser, validité en mois. La caisse le garde pour fonctionner hors ligne.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'crm:view',
  query: ZShopQuery,
  response: ZLoyaltyProgram,
  handle: (ctx) => getProgram(ctx.db, shopOf(ctx).id),
});

export const saveProgramRoute = defineRoute({
  method: 'POST',
  path: '/api/loyalty/saveProgram',
  tag,
  summary:
    'Règle le programme de fidélité. L’activer demande un forfait payant ; activé, les commandes passées à partir de maintenant rapportent des points.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'crm:manage',
  body: ZSaveLoyaltyProgramBody,
  response: ZLoyaltyProgram,
  handle: (ctx) => {
    const { shopId: _shopId, ...input } = ctx.body;
    return saveProgram(ctx.db, shopOf(ctx), ctx.user.id, input);
  },
});

export const summaryRoute = defineRoute({
  method: 'GET',
  path: '/api/loyalty/summary',
  tag,
  summary:
    'Le programme en chiffres : clients qui ont des points, points en circulation et leur valeur, points gagnés, utilisés et expirés ces 30 derniers jours, conflits ouverts.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'crm:view',
  query: ZShopQuery,
  response: ZLoyaltySummary,
  handle: (ctx) => loyaltySummary(ctx.db, shopOf(ctx).id),
});

export const clientLoyaltyRoute = defineRoute({
  method: 'GET',
  path: '/api/loyalty/client',
  tag,
  summary:
    'Les points d’un client, leur valeur et ses 50 derniers mouvements (gagnés, utilisés, expirés, corrigés).',
  shop: { from: 'query', key: 'shopId' },
  permission: 'clients:manage',
  query: ZClientLoyaltyQuery,
  response: ZClientLoyalty,
  handle: (ctx) => clientLoyalty(ctx.db, shopOf(ctx).id, ctx.query.clientId),
});

export const adjustPointsRoute = defineRoute({
  method: 'POST',
  path: '/api/loyalty/adjust',
  tag,
  summary:
    'Corrige à la main les points d’un client (un geste, une erreur), avec la raison ; jamais sous zéro.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'clients:manage',
  body: ZAdjustPointsBody,
  response: z.object({ ok: z.literal(true) }),
  handle: async (ctx) => {
    const { shopId: _shopId, ...input } = ctx.body;
    await adjustPoints(ctx.db, shopOf(ctx).id, ctx.user.id, input);
    return { ok: true as const };
  },
});

export const loyaltyConflictsRoute = defineRoute({
  method: 'GET',
  path: '/api/loyalty/conflicts',
  tag,
  summary:
    'Les ventes de la caisse qui ont utilisé plus de points que le client n’en avait (hors ligne, sur un solde ancien) : à régler, ou déjà réglées.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'pos:approve',
  query: ZLoyaltyConflictsQuery,
  response: z.object({ items: z.array(ZLoyaltyConflict) }),
  handle: async (ctx) => ({ items: await listLoyaltyConflicts(ctx.db, shopOf(ctx).id, ctx.query.status) }),
});

export const resolveLoyaltyConflictRoute = defineRoute({
  method: 'POST',
  path: '/api/loyalty/resolveConflict',
  tag,
  summary: 'Marque un conflit de points comme réglé, en disant ce qui a été fait.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'pos:approve',
  body: ZResolveLoyaltyConflictBody,
  response: z.object({ ok: z.literal(true) }),
  handle: async (ctx) => {
    const { shopId: _shopId, ...input } = ctx.body;
    await resolveLoyaltyConflict(ctx.db, shopOf(ctx).id, ctx.user.id, input);
    return { ok: true as const };
  },
});
