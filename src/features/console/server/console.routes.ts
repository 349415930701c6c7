import { defineRoute } from '@/server/http/define-route';
import { Errors } from '@/server/http/errors';
import { describeDetails } from '@/shared/validation';
import { effectivePlan } from '@/shared/plans';
import { getShopById, updateShop } from '@/features/shop/server/shop.repository';
import { announceShopUpdate } from '@/features/shop/server/update-shop-settings';
import type { Executor } from '@/server/db';
import { findConsoleRow, listShopsForConsole, type ConsoleRow } from './console.repository';
import {
  ZConsoleShop,
  ZConsoleShopPage,
  ZListShopsQuery,
  ZSetShopBlockedBody,
  ZUpdateShopSubscriptionBody,
  type TConsoleShop,
} from './console.schemas';

function toConsoleShop({ shop, owner, activeAgents }: ConsoleRow): TConsoleShop {
  return {
    _id: shop.id,
    name: shop.name,
    slug: shop.slug,
    isBlocked: shop.isBlocked,
    subscriptionPlan: shop.subscriptionPlan,
    effectivePlan: effectivePlan(shop),
    shopExpiresAt: shop.shopExpiresAt?.toISOString() ?? null,
    freeTrialExpiresAt: shop.freeTrialExpiresAt?.toISOString() ?? null,
    country: shop.country,
    currency: shop.currency,
    createdAt: shop.createdAt.toISOString(),
    owner,
    activeAgents: Number(activeAgents),
  };
}

async function requireShop(db: Executor, shopId: string): Promise<void> {
  if (!(await getShopById(db, shopId))) throw Errors.notFound('La boutique');
}

async function consoleShop(db: Executor, shopId: string): Promise<TConsoleShop> {
  const row = await findConsoleRow(db, shopId);
  if (!row) throw Errors.notFound('La boutique');
  return toConsoleShop(row);
}

export const listShopsRoute = defineRoute({
  method: 'GET',
  path: '/api/console/listShops',
  tag: 'console',
  summary:
    'Console plateforme : les boutiques, les plus récentes d’abord, recherche par nom, lien ou propriétaire ; pagination par curseur.',
  operatorOnly: true,
  query: ZListShopsQuery,
  response: ZConsoleShopPage,
  handle: async ({ db, query }) => {
    const page = await listShopsForConsole(db, query);
    return { items: page.items.map(toConsoleShop), nextCursor: page.nextCursor };
  },
});

export const setShopBlockedRoute = defineRoute({
  method: 'POST',
  path: '/api/console/setShopBlocked',
  tag: 'console',
  summary:
    'Console plateforme : bloque ou débloque une boutique ; ses agents connectés voient aussitôt l’écran de blocage (socket).',
  operatorOnly: true,
  body: ZSetShopBlockedBody,
  response: ZConsoleShop,
  handle: async ({ db, body, log }) => {
    await requireShop(db, body.shopId);
    await updateShop(db, body.shopId, { isBlocked: body.isBlocked });
    announceShopUpdate(body.shopId);
    log.info({ shopId: body.shopId, isBlocked: body.isBlocked }, 'shop block changed by an operator');
    return consoleShop(db, body.shopId);
  },
});

export const updateShopSubscriptionRoute = defineRoute({
  method: 'POST',
  path: '/api/console/updateShopSubscription',
  tag: 'console',
  summary: 'Console plateforme : change le forfait, la fin d’abonnement et la fin d’essai d’une boutique.',
  operatorOnly: true,
  body: ZUpdateShopSubscriptionBody,
  response: ZConsoleShop,
  handle: async ({ db, body, log }) => {
    await requireShop(db, body.shopId);
    if (body.subscriptionPlan !== 'free' && !body.shopExpiresAt) {
      const details = { shopExpiresAt: 'Indiquez la fin d’abonnement d’un forfait payant.' };
      throw Errors.validation(details, describeDetails(details));
    }
    await updateShop(db, body.shopId, {
      subscriptionPlan: body.subscriptionPlan,
      shopExpiresAt: body.shopExpiresAt ? new Date(body.shopExpiresAt) : null,
      freeTrialExpiresAt: body.freeTrialExpiresAt ? new Date(body.freeTrialExpiresAt) : null,
    });
    announceShopUpdate(body.shopId);
    log.info({ shopId: body.shopId, plan: body.subscriptionPlan }, 'subscription changed by an operator');
    return consoleShop(db, body.shopId);
  },
});
