import { defineRoute, FileResponse, type RouteContext } from '@/server/http/define-route';
import type { Executor } from '@/server/db';
import { dayjs } from '@/shared/dayjs';
import { z } from '@/shared/validation';
import {
  ZCreateDiscountBody,
  ZDiscount,
  ZDiscountCodesPage,
  ZDiscountCodesQuery,
  ZDiscountConflict,
  ZDiscountConflictsQuery,
  ZDiscountPricing,
  ZDiscountPricingQuery,
  ZDiscountSettingsBody,
  ZDiscountsPage,
  ZResolveDiscountConflictBody,
  ZDiscountRefBody,
  ZExportCodesQuery,
  ZGenerateCodesBody,
  ZGetDiscountQuery,
  ZListDiscountsQuery,
  ZSetDiscountEnabledBody,
  ZUpdateDiscountBody,
} from '../discount.schemas';
import {
  archiveDiscount,
  codesSummary,
  createDiscount,
  duplicateDiscount,
  findDiscount,
  listDiscounts,
  setDiscountEnabled,
  updateDiscount,
  type DiscountRow,
} from './discounts';
import { exportCodesCsv, generateCodes, generatedCodesPage } from './discount-codes';
import { toDiscountDto } from './discount.dto';
import { readDiscountSettings, setStackCap } from './discount-settings';
import { discountsChanged, pricingData } from './pricing';
import { overLimitUses, resolveOverLimitUse } from './discount-usage';
import { can } from '@/shared/permissions';
import { isAgentRole } from '@/shared/roles';
import { Errors } from '@/server/http/errors';
import { findPeople } from '@/features/user/server/user.repository';
import { findCustomerById } from '@/features/customer/server/customers';
import { clientHasOrders } from '@/features/order/server/order.repository';

const shopInQuery = { from: 'query', key: 'shopId' } as const;
const shopInBody = { from: 'body', key: 'shopId' } as const;
const permission = 'discounts:manage';
const tag = 'discount';

async function dto(db: Executor, row: DiscountRow) {
  return toDiscountDto(row, (await codesSummary(db, [row.id])).get(row.id));
}

/**
 * After a change is committed: order creation and the tills read the shop's discounts again (see
 * bumpDiscountsRevision for why never before the commit).
 */
async function changed(db: Executor, row: DiscountRow) {
  await discountsChanged(db, row.shopId);
  return dto(db, row);
}
const shopIdOf = (ctx: RouteContext<unknown, unknown, unknown>) => ctx.membership!.shop.id;

export const listDiscountsRoute = defineRoute({
  method: 'GET',
  path: '/api/discount/list',
  tag,
  summary:
    'Les réductions de la boutique, les plus récentes d’abord, avec leur état calculé (filtres état et type).',
  shop: shopInQuery,
  permission,
  query: ZListDiscountsQuery,
  response: ZDiscountsPage,
  handle: async (ctx) => {
    const { state, type, archived, after, limit } = ctx.query;
    const at = new Date();
    const page = await listDiscounts(
      ctx.db,
      shopIdOf(ctx),
      { state, type, archived: archived === 'true', after, limit },
      at,
    );
    const codes = await codesSummary(
      ctx.db,
      page.items.map((r) => r.id),
    );
    const settings = await readDiscountSettings(ctx.db, shopIdOf(ctx));
    return {
      items: page.items.map((r) => toDiscountDto(r, codes.get(r.id), at)),
      nextAfter: page.nextAfter,
      stackCapPercent: settings.stackCapBp / 100,
    };
  },
});

export const getDiscountRoute = defineRoute({
  method: 'GET',
  path: '/api/discount/get',
  tag,
  summary: 'Une réduction de la boutique.',
  shop: shopInQuery,
  permission,
  query: ZGetDiscountQuery,
  response: ZDiscount,
  handle: async (ctx) => dto(ctx.db, await findDiscount(ctx.db, shopIdOf(ctx), ctx.query.id)),
});

export const createDiscountRoute = defineRoute({
  method: 'POST',
  path: '/api/discount/create',
  tag,
  summary: 'Crée une réduction (par code ou automatique) ; le code est unique dans la boutique.',
  shop: shopInBody,
  permission,
  body: ZCreateDiscountBody,
  response: ZDiscount,
  handle: async (ctx) => changed(ctx.db, await createDiscount(ctx.db, shopIdOf(ctx), ctx.body)),
});

export const updateDiscountRoute = defineRoute({
  method: 'POST',
  path: '/api/discount/update',
  tag,
  summary: 'Modifie une réduction ; les codes générés restent.',
  shop: shopInBody,
  permission,
  body: ZUpdateDiscountBody,
  response: ZDiscount,
  handle: async (ctx) => changed(ctx.db, await updateDiscount(ctx.db, shopIdOf(ctx), ctx.body.id, ctx.body)),
});

export const duplicateDiscountRoute = defineRoute({
  method: 'POST',
  path: '/api/discount/duplicate',
  tag,
  summary: 'Copie une réduction en brouillon, sans ses codes.',
  shop: shopInBody,
  permission,
  body: ZDiscountRefBody,
  response: ZDiscount,
  handle: async (ctx) => changed(ctx.db, await duplicateDiscount(ctx.db, shopIdOf(ctx), ctx.body.id)),
});

export const archiveDiscountRoute = defineRoute({
  method: 'POST',
  path: '/api/discount/archive',
  tag,
  summary: 'Archive une réduction : elle ne s’applique plus et quitte la liste.',
  shop: shopInBody,
  permission,
  body: ZDiscountRefBody,
  response: ZDiscount,
  handle: async (ctx) => changed(ctx.db, await archiveDiscount(ctx.db, shopIdOf(ctx), ctx.body.id)),
});

export const setDiscountEnabledRoute = defineRoute({
  method: 'POST',
  path: '/api/discount/setEnabled',
  tag,
  summary: 'Active ou désactive une réduction.',
  shop: shopInBody,
  permission,
  body: ZSetDiscountEnabledBody,
  response: ZDiscount,
  handle: async (ctx) =>
    changed(ctx.db, await setDiscountEnabled(ctx.db, shopIdOf(ctx), ctx.body.id, ctx.body.enabled)),
});

export const generateDiscountCodesRoute = defineRoute({
  method: 'POST',
  path: '/api/discount/generateCodes',
  tag,
  summary: 'Génère N codes uniques à usage unique pour une réduction par code (N ≤ 10 000), tous ou aucun.',
  shop: shopInBody,
  permission,
  body: ZGenerateCodesBody,
  response: z.object({ generated: z.number().int() }),
  handle: async (ctx) => {
    const generated = await generateCodes(
      ctx.db,
      shopIdOf(ctx),
      ctx.body.id,
      ctx.body.count,
      ctx.body.prefix,
    );
    await discountsChanged(ctx.db, shopIdOf(ctx));
    return { generated };
  },
});

export const exportDiscountCodesRoute = defineRoute({
  method: 'GET',
  path: '/api/discount/exportCodesCsv',
  tag,
  summary: 'Les codes d’une réduction en CSV (séparateur « ; » par défaut), envoyés au fil de la lecture.',
  shop: shopInQuery,
  permission,
  query: ZExportCodesQuery,
  produces: 'text/csv',
  response: z.unknown(),
  handle: async (ctx) => {
    const shop = ctx.membership!.shop;
    const discount = await findDiscount(ctx.db, shop.id, ctx.query.id);
    return new FileResponse({
      filename: `codes-${dayjs().tz(shop.timeZone).format('YYYY-MM-DD')}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: exportCodesCsv(ctx.db, shop.id, discount, ctx.query.separator === 'comma' ? ',' : ';'),
    });
  },
});

export const discountCodesRoute = defineRoute({
  method: 'GET',
  path: '/api/discount/codes',
  tag,
  summary:
    'Les codes générés d’une réduction avec leurs utilisations, 50 par page (`after` : le dernier code lu).',
  shop: shopInQuery,
  permission,
  query: ZDiscountCodesQuery,
  response: ZDiscountCodesPage,
  handle: async (ctx) => generatedCodesPage(ctx.db, shopIdOf(ctx), ctx.query.id, ctx.query.after),
});

export const discountSettingsRoute = defineRoute({
  method: 'POST',
  path: '/api/discount/settings',
  tag,
  summary:
    'Règles de cumul : le plafond des réductions cumulées, en % du montant des articles (administrateur).',
  shop: shopInBody,
  permission: 'shop:settings',
  body: ZDiscountSettingsBody,
  response: z.object({ stackCapPercent: z.number() }),
  handle: async (ctx) => {
    const stackCapBp = Math.round(ctx.body.stackCapPercent * 100);
    await setStackCap(ctx.db, shopIdOf(ctx), stackCapBp);
    await discountsChanged(ctx.db, shopIdOf(ctx));
    return { stackCapPercent: stackCapBp / 100 };
  },
});

export const discountPricingRoute = defineRoute({
  method: 'GET',
  path: '/api/discount/pricing',
  tag,
  summary:
    'Ce que l’éditeur de commande et la caisse calculent avec : les réductions de la boutique pour un canal, leurs compteurs, le plafond, le client.',
  shop: shopInQuery,
  query: ZDiscountPricingQuery,
  response: ZDiscountPricing,
  handle: async (ctx) => {
    const shop = ctx.membership!.shop;
    const role = ctx.membership!.agent.role;
    // The till's copy for those who sell at the till, the editor's for those who take orders.
    const needed = ctx.query.channel === 'pos' ? 'pos:use' : 'orders:create';
    if (!(isAgentRole(role) && can(role, needed))) throw Errors.forbidden();
    let client = null;
    if (ctx.query.clientId) {
      const row = await findCustomerById(ctx.db, shop.id, ctx.query.clientId);
      if (!row) throw Errors.validation({ clientId: 'Ce client n’existe pas dans la boutique.' });
      client = {
        id: row.id,
        phone: row.phone,
        tags: row.tags,
        isFirstOrder: async () => !(await clientHasOrders(ctx.db, shop.id, row.id)),
      };
    }
    return pricingData(ctx.db, shop, ctx.query.channel, client);
  },
});

export const discountConflictsRoute = defineRoute({
  method: 'GET',
  path: '/api/discount/conflicts',
  tag,
  summary:
    'Les utilisations de réductions au-delà de leur limite, faites hors ligne à la caisse : à vérifier ou déjà traitées.',
  shop: shopInQuery,
  permission: 'pos:approve',
  query: ZDiscountConflictsQuery,
  response: z.object({ items: z.array(ZDiscountConflict) }),
  handle: async (ctx) => {
    const rows = await overLimitUses(ctx.db, shopIdOf(ctx), ctx.query.status);
    const people = await findPeople(
      ctx.db,
      rows.flatMap((r) => [r.use.createdByUserId, r.use.resolvedByUserId]),
    );
    const person = (id: string | null) => (id && people.has(id) ? { id, name: people.get(id)! } : null);
    return {
      items: rows.map(({ use, discountName }) => ({
        id: use.id,
        discountId: use.discountId,
        discountName,
        code: use.code,
        orderId: use.orderId,
        orderNumber: use.orderNumber,
        limit: use.overLimit!,
        clientName: use.clientName,
        clientPhone: use.clientPhone,
        amount: use.amount,
        createdAt: use.createdAt.toISOString(),
        soldBy: person(use.createdByUserId),
        resolvedAt: use.resolvedAt?.toISOString() ?? null,
        resolvedBy: person(use.resolvedByUserId),
        resolution: use.resolution,
      })),
    };
  },
});

export const resolveDiscountConflictRoute = defineRoute({
  method: 'POST',
  path: '/api/discount/resolveConflict',
  tag,
  summary: 'Marque un dépassement de limite comme traité, en disant ce qui a été fait.',
  shop: shopInBody,
  permission: 'pos:approve',
  body: ZResolveDiscountConflictBody,
  response: z.object({ ok: z.literal(true) }),
  handle: async (ctx) => {
    await resolveOverLimitUse(ctx.db, shopIdOf(ctx), ctx.body.conflictId, ctx.user.id, ctx.body.resolution);
    return { ok: true as const };
  },
});
