import { defineRoute, FileResponse, type RouteContext } from '@/server/http/define-route';
import { Errors } from '@/server/http/errors';
import type { Database } from '@/server/db';
import { findAgentsOfShop } from '@/features/agent/server/agent.repository';
import { dayjs } from '@/shared/dayjs';
import { ZId, z } from '@/shared/validation';
import {
  ZAddOrderNoteBody,
  ZAddOrderPaymentBody,
  ZBulkOrderStatusBody,
  ZChangeOrderStatusBody,
  ZCreateOrderBody,
  ZIssueInvoicesBody,
  ZListOrdersQuery,
  ZOrderFilters,
  ZRefundOrderBody,
  ZSaveOrderViewBody,
  ZUpdateOrderBody,
  type TOrderFilters,
} from '../order.schemas';
import { findOrder, findOrderDetails } from './order.repository';
import { ZOrder, ZOrderSummary, toOrderDto, toOrderSummary } from './order.dto';
import { ZIssuedInvoices } from '../order.dto-schemas';
import { countOrders, listOrders, type OrderScope } from './list-orders';
import { createOrderWithDto } from './create-order';
import { bulkChangeOrderStatus, changeOrderStatus } from './change-order-status';
import { addOrderPayment } from './order-payments';
import { getOrderPaymentLink, recordPaymentLinkShared } from './order-payment-link';
import { ZPaymentLink, ZPaymentLinkBody, ZPaymentLinkSharedBody } from '../payment-link.schemas';
import { refundOrder } from './refund-order';
import { updateOrder } from './update-order';
import { addOrderNote, deleteOrderView, findOrderViews, saveOrderView } from './order-notes-and-views';
import { exportOrdersCsv } from './export-orders';
import { exportOrderLinesCsv } from './export-order-lines';
import { issueInvoices } from './issue-invoice';

type Context = Pick<RouteContext<unknown, unknown, unknown>, 'membership' | 'user'>;

/** The orders the caller may see: all of the shop's, or a cashier's own sales. */
function scopeOf({ membership, user }: Context): OrderScope {
  const shop = membership!.shop;
  return {
    shopId: shop.id,
    country: shop.country,
    timeZone: shop.timeZone,
    onlyCreatedBy: membership!.agent.role === 'cashier' ? user.id : null,
  };
}

/**
 * The « Agent » filter names a member of the team (an agent id, or their user id); orders record
 * the user who made them. An agent of another shop matches nothing.
 */
async function withAgentUser<F extends TOrderFilters>(db: Database, shopId: string, filters: F): Promise<F> {
  if (!filters.agentId) return filters;
  // « Par agent » in Statistiques keys its rows by the user who sold: that works too.
  const agent = (await findAgentsOfShop(db, shopId)).find(
    (a) => a.id === filters.agentId || a.userId === filters.agentId,
  );
  return { ...filters, agentId: agent?.userId ?? `none:${filters.agentId}` };
}

/** One order as its page shows it; someone else's sale is « introuvable » to a cashier. */
async function orderDto(ctx: Context & Pick<RouteContext<unknown, unknown, unknown>, 'db'>, orderId: string) {
  const scope = scopeOf(ctx);
  const order = await findOrder(ctx.db, scope.shopId, orderId);
  if (!order || (scope.onlyCreatedBy && order.createdByUserId !== scope.onlyCreatedBy))
    throw Errors.notFound('La commande');
  return toOrderDto(ctx.db, order, await findOrderDetails(ctx.db, order.id));
}

const shopInQuery = { from: 'query', key: 'shopId' } as const;
const shopInBody = { from: 'body', key: 'shopId' } as const;

export const listOrdersRoute = defineRoute({
  method: 'GET',
  path: '/api/order/list',
  tag: 'order',
  summary:
    'Les commandes, les plus récentes d’abord : filtres (statuts, canal, moyen de paiement, dates, agent), recherche (numéro, nom ou téléphone du client), pagination par curseur. Un caissier ne voit que ses ventes.',
  shop: shopInQuery,
  permission: 'orders:view',
  query: ZListOrdersQuery,
  response: z.object({ items: z.array(ZOrderSummary), nextCursor: z.string().nullable() }),
  handle: async (ctx) => {
    const { shopId: _shopId, after, limit, ...filters } = ctx.query;
    const scope = scopeOf(ctx);
    const page = await listOrders(ctx.db, scope, await withAgentUser(ctx.db, scope.shopId, filters), {
      after,
      limit,
    });
    return { items: page.items.map(toOrderSummary), nextCursor: page.nextCursor };
  },
});

export const countOrdersRoute = defineRoute({
  method: 'GET',
  path: '/api/order/count',
  tag: 'order',
  summary: 'Le nombre de commandes d’un filtre, compté jusqu’à 10 000 (au-delà : « plus de 10 000 »).',
  shop: shopInQuery,
  permission: 'orders:view',
  query: ZListOrdersQuery,
  response: z.object({ count: z.number().int(), isCapped: z.boolean() }),
  handle: async (ctx) => {
    const { shopId: _shopId, after: _after, limit: _limit, ...filters } = ctx.query;
    const scope = scopeOf(ctx);
    return countOrders(ctx.db, scope, await withAgentUser(ctx.db, scope.shopId, filters));
  },
});

const ZExportQuery = ZListOrdersQuery.extend({
  separator: z.enum(['semicolon', 'comma']).default('semicolon'),
});

/** Both exports: the list's filters (not its page), « ; » by default, streamed as it is read. */
async function csvExport(
  ctx: RouteContext<unknown, z.infer<typeof ZExportQuery>, unknown>,
  name: string,
  exporter: typeof exportOrdersCsv,
): Promise<FileResponse> {
  const { shopId: _shopId, after: _after, limit: _limit, separator, ...filters } = ctx.query;
  const shop = ctx.membership!.shop;
  return new FileResponse({
    filename: `${name}-${dayjs().tz(shop.timeZone).format('YYYY-MM-DD')}.csv`,
    contentType: 'text/csv; charset=utf-8',
    body: exporter(
      ctx.db,
      scopeOf(ctx),
      shop,
      await withAgentUser(ctx.db, shop.id, filters),
      separator === 'comma' ? ',' : ';',
    ),
  });
}

export const exportOrdersRoute = defineRoute({
  method: 'GET',
  path: '/api/order/exportCsv',
  tag: 'order',
  summary:
    'Les commandes du filtre en CSV, une ligne par commande (adresse de livraison, téléphone au format national et indicatif à part ; séparateur « ; » par défaut), envoyées au fil de la lecture.',
  shop: shopInQuery,
  permission: 'orders:view',
  query: ZExportQuery,
  produces: 'text/csv',
  response: z.unknown(),
  handle: (ctx) => csvExport(ctx, 'commandes', exportOrdersCsv),
});

export const exportOrderLinesRoute = defineRoute({
  method: 'GET',
  path: '/api/order/exportLinesCsv',
  tag: 'order',
  summary:
    'Les lignes des commandes du filtre en CSV, une ligne par article vendu (produit, variante, SKU, quantité, prix, remise, total), envoyées au fil de la lecture.',
  shop: shopInQuery,
  permission: 'orders:view',
  query: ZExportQuery,
  produces: 'text/csv',
  response: z.unknown(),
  handle: (ctx) => csvExport(ctx, 'commandes-lignes', exportOrderLinesCsv),
});

export const getOrderRoute = defineRoute({
  method: 'GET',
  path: '/api/order/get',
  tag: 'order',
  summary: 'Une commande : lignes, totaux, client, livraison, paiements, remboursements et historique.',
  shop: shopInQuery,
  permission: 'orders:view',
  query: z.object({ shopId: ZId, orderId: ZId }),
  response: ZOrder,
  handle: (ctx) => orderDto(ctx, ctx.query.orderId),
});

export const createOrderRoute = defineRoute({
  method: 'POST',
  path: '/api/order/create',
  tag: 'order',
  summary:
    'Crée une commande saisie à la main (prix du catalogue, stock pris dans la même transaction, numéro sans trou). Une même clé d’idempotence renvoie la même commande.',
  shop: shopInBody,
  permission: 'orders:create',
  body: ZCreateOrderBody,
  response: ZOrder,
  handle: async (ctx) => {
    const { shopId: _shopId, ...input } = ctx.body;
    // The new order's page is built from the rows just written; a replayed key reads the earlier one.
    const { order, dto } = await createOrderWithDto(ctx.db, ctx.membership!, ctx.user, input);
    return dto ?? orderDto(ctx, order.id);
  },
});

export const updateOrderRoute = defineRoute({
  method: 'POST',
  path: '/api/order/update',
  tag: 'order',
  summary:
    'Modifie les lignes, remises, frais et adresse d’une commande pas encore en livraison ; le stock suit.',
  shop: shopInBody,
  permission: 'orders:manage',
  body: ZUpdateOrderBody,
  response: ZOrder,
  handle: async (ctx) => {
    const { shopId: _shopId, ...input } = ctx.body;
    const order = await updateOrder(ctx.db, ctx.membership!.shop, ctx.user.id, input);
    return orderDto(ctx, order.id);
  },
});

export const changeOrderStatusRoute = defineRoute({
  method: 'POST',
  path: '/api/order/changeStatus',
  tag: 'order',
  summary: 'Fait avancer une commande (annulée ou retournée : le stock revient, une seule fois).',
  shop: shopInBody,
  permission: 'orders:manage',
  body: ZChangeOrderStatusBody,
  response: ZOrder,
  handle: async (ctx) => {
    const { orderId, status } = ctx.body;
    await changeOrderStatus(ctx.db, ctx.membership!.shop.id, ctx.user.id, orderId, status);
    return orderDto(ctx, orderId);
  },
});

export const bulkChangeOrderStatusRoute = defineRoute({
  method: 'POST',
  path: '/api/order/bulkChangeStatus',
  tag: 'order',
  summary: 'Change le statut de plusieurs commandes ; chacune est traitée seule et son résultat rendu.',
  shop: shopInBody,
  permission: 'orders:manage',
  body: ZBulkOrderStatusBody,
  response: z.object({
    results: z.array(
      z.object({
        orderId: z.string(),
        number: z.number().int().nullable(),
        isDone: z.boolean(),
        error: z.string().nullable(),
      }),
    ),
  }),
  handle: async (ctx) => ({
    results: await bulkChangeOrderStatus(
      ctx.db,
      ctx.membership!.shop.id,
      ctx.user.id,
      ctx.body.orderIds,
      ctx.body.status,
    ),
  }),
});

export const addOrderPaymentRoute = defineRoute({
  method: 'POST',
  path: '/api/order/addPayment',
  tag: 'order',
  summary:
    'Enregistre un paiement (espèces, mobile money, carte, à la livraison), jamais plus que le reste à payer.',
  shop: shopInBody,
  permission: 'orders:manage',
  body: ZAddOrderPaymentBody,
  response: ZOrder,
  handle: async (ctx) => {
    const { shopId: _shopId, ...input } = ctx.body;
    await addOrderPayment(ctx.db, ctx.membership!.shop, ctx.user.id, input);
    return orderDto(ctx, input.orderId);
  },
});

export const shareOrderPaymentLinkRoute = defineRoute({
  method: 'POST',
  path: '/api/order/paymentLink',
  tag: 'order',
  summary:
    '« Lien de paiement » : le lien public où le client paie en ligne le reste dû (le même lien à chaque fois) ; le paiement crédite le solde de la boutique. Le demander n’écrit rien dans l’historique.',
  shop: shopInBody,
  permission: 'orders:manage',
  body: ZPaymentLinkBody,
  response: ZPaymentLink,
  handle: async ({ db, membership, user, body }) =>
    getOrderPaymentLink(db, membership!.shop.id, user.id, body.orderId),
});

export const paymentLinkSharedRoute = defineRoute({
  method: 'POST',
  path: '/api/order/paymentLinkShared',
  tag: 'order',
  summary:
    'Le lien de paiement a été copié (`copy`) ou envoyé sur WhatsApp (`whatsapp`) : l’historique de la commande le note, avec le montant dû à ce moment.',
  shop: shopInBody,
  permission: 'orders:manage',
  body: ZPaymentLinkSharedBody,
  response: z.object({ ok: z.literal(true) }),
  handle: async ({ db, membership, user, body }) => {
    await recordPaymentLinkShared(db, membership!.shop.id, user.id, body);
    return { ok: true as const };
  },
});

export const issueInvoicesRoute = defineRoute({
  method: 'POST',
  path: '/api/order/issueInvoices',
  tag: 'order',
  summary:
    '« Facture » : numérote la facture des commandes à leur première impression (une série sans trou par boutique, FAC-000001…) et rend le numéro déjà donné ensuite ; une commande annulée n’a pas de facture.',
  shop: shopInBody,
  permission: 'orders:view',
  body: ZIssueInvoicesBody,
  response: ZIssuedInvoices,
  handle: async (ctx) => ({ items: await issueInvoices(ctx.db, scopeOf(ctx), ctx.body.orderIds) }),
});

export const refundOrderRoute = defineRoute({
  method: 'POST',
  path: '/api/order/refund',
  tag: 'order',
  summary:
    'Rembourse tout ou partie d’une commande, par ligne, en remettant les articles en stock si demandé.',
  shop: shopInBody,
  permission: 'orders:refund',
  body: ZRefundOrderBody,
  response: ZOrder,
  handle: async (ctx) => {
    const { shopId: _shopId, ...input } = ctx.body;
    await refundOrder(ctx.db, ctx.membership!.shop, ctx.user.id, input);
    return orderDto(ctx, input.orderId);
  },
});

export const addOrderNoteRoute = defineRoute({
  method: 'POST',
  path: '/api/order/addNote',
  tag: 'order',
  summary: 'Ajoute une note interne à l’historique de la commande.',
  shop: shopInBody,
  permission: 'orders:manage',
  body: ZAddOrderNoteBody,
  response: ZOrder,
  handle: async (ctx) => {
    await addOrderNote(ctx.db, ctx.membership!.shop.id, ctx.user.id, ctx.body.orderId, ctx.body.note);
    return orderDto(ctx, ctx.body.orderId);
  },
});

const ZOrderView = z.object({ id: z.string(), name: z.string(), filters: ZOrderFilters });

export const listOrderViewsRoute = defineRoute({
  method: 'GET',
  path: '/api/order/views',
  tag: 'order',
  summary: 'Les vues enregistrées de l’utilisateur sur la liste des commandes.',
  shop: shopInQuery,
  permission: 'orders:view',
  query: z.object({ shopId: ZId }),
  response: z.object({ items: z.array(ZOrderView) }),
  handle: async ({ db, membership, user }) => ({
    items: (await findOrderViews(db, membership!.shop.id, user.id)).map((v) => ({
      id: v.id,
      name: v.name,
      filters: ZOrderFilters.parse(v.filters),
    })),
  }),
});

export const saveOrderViewRoute = defineRoute({
  method: 'POST',
  path: '/api/order/saveView',
  tag: 'order',
  summary: 'Enregistre les filtres courants comme un onglet de la liste.',
  shop: shopInBody,
  permission: 'orders:view',
  body: ZSaveOrderViewBody,
  response: ZOrderView,
  handle: async ({ db, membership, user, body }) => {
    const view = await saveOrderView(db, membership!.shop.id, user.id, body);
    return { id: view.id, name: view.name, filters: ZOrderFilters.parse(view.filters) };
  },
});

export const deleteOrderViewRoute = defineRoute({
  method: 'POST',
  path: '/api/order/deleteView',
  tag: 'order',
  summary: 'Supprime une vue enregistrée.',
  shop: shopInBody,
  permission: 'orders:view',
  body: z.object({ shopId: ZId, viewId: ZId }),
  response: z.object({ ok: z.literal(true) }),
  handle: async ({ db, membership, user, body }) => {
    await deleteOrderView(db, membership!.shop.id, user.id, body.viewId);
    return { ok: true as const };
  },
});
