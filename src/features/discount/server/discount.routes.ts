import { defineRoute, FileResponse, type RouteContext } from '@/server/http/define-route';
import type { Executor } from '@/server/db';
import { dayjs } from '@/shared/dates';
import { z } from '@/shared/validation';
import {
  ZCreateDiscountBody,
  ZDiscount,
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
import { exportCodesCsv, generateCodes } from './discount-codes';
import { toDiscountDto } from './discount.dto';

const shopInQuery = { from: 'query', key: 'shopId' } as const;
const shopInBody = { from: 'body', key: 'shopId' } as const;
const permission = 'discounts:manage';
const tag = 'discount';

async function dto(db: Executor, row: DiscountRow) {
  return toDiscountDto(row, (await codesSummary(db, [row.id])).get(row.id));
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
  response: z.object({ items: z.array(ZDiscount), nextAfter: z.string().nullable() }),
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
    return { items: page.items.map((r) => toDiscountDto(r, codes.get(r.id), at)), nextAfter: page.nextAfter };
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
  handle: async (ctx) => dto(ctx.db, await createDiscount(ctx.db, shopIdOf(ctx), ctx.body)),
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
  handle: async (ctx) => dto(ctx.db, await updateDiscount(ctx.db, shopIdOf(ctx), ctx.body.id, ctx.body)),
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
  handle: async (ctx) => dto(ctx.db, await duplicateDiscount(ctx.db, shopIdOf(ctx), ctx.body.id)),
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
  handle: async (ctx) => dto(ctx.db, await archiveDiscount(ctx.db, shopIdOf(ctx), ctx.body.id)),
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
    dto(ctx.db, await setDiscountEnabled(ctx.db, shopIdOf(ctx), ctx.body.id, ctx.body.enabled)),
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
  handle: async (ctx) => ({
    generated: await generateCodes(ctx.db, shopIdOf(ctx), ctx.body.id, ctx.body.count, ctx.body.prefix),
  }),
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
