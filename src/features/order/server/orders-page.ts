import { can } from '@/shared/permissions';
import { firstOrdersPageLength } from '../orders-first-page';
import { isPlainListUrl, type PageReads } from '@/features/shop/server/shell-page';
import { getAllAgentsRoute } from '@/features/agent/server/agent.routes';
import { countOrdersRoute, listOrderViewsRoute, listOrdersRoute } from './order.routes';

/**
 * What Commandes starts with (OrdersScreen's queries, under the same endpoints and arguments): the
 * first page of the list (shorter on a phone: PHONE_FIRST_ORDERS_PAGE), its count, the saved views,
 * and the team for the « Agent » filter.
 */
export const ordersPageReads: PageReads = ({ shopId, role, query, isPhone }) =>
  isPlainListUrl(query) && can(role, 'orders:view')
    ? [
        {
          endpointName: 'listOrders',
          arg: { shopId, filters: {}, ...firstOrdersPageLength(isPhone) },
          route: listOrdersRoute,
          params: { shopId, ...firstOrdersPageLength(isPhone) },
        },
        {
          endpointName: 'countOrders',
          arg: { shopId, filters: {} },
          route: countOrdersRoute,
          params: { shopId },
        },
        { endpointName: 'listOrderViews', arg: { shopId }, route: listOrderViewsRoute },
        ...(can(role, 'team:view')
          ? [{ endpointName: 'getAllAgents', arg: { shopId }, route: getAllAgentsRoute }]
          : []),
      ]
    : [];
