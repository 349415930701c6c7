import { can } from '@/shared/permissions';
import { landingPath } from '@/shared/navigation';
import type { PageReads } from '@/features/shop/server/shell-page';
import { getShopBalanceRoute } from '@/features/shop/server/shop.routes';
import { homeChecklistRoute, homeSummaryRoute } from './home.routes';

/**
 * What Accueil starts with (HomeScreen's queries, under the same endpoints and arguments): today's
 * figures, the checklist and the balance, for the roles that see them. The page's first paint then
 * shows them instead of a skeleton.
 */
export const homePageReads: PageReads = ({ shopId, role }) =>
  // A role whose app opens elsewhere (a cashier) is taken there at once: nothing to read.
  landingPath(role) !== '/'
    ? []
    : [
        { endpointName: 'getHomeSummary', arg: { shopId }, route: homeSummaryRoute },
        ...(can(role, 'shop:checklist')
          ? [{ endpointName: 'getHomeChecklist', arg: { shopId }, route: homeChecklistRoute }]
          : []),
        ...(can(role, 'balance:view')
          ? [{ endpointName: 'getShopBalance', arg: { shopId }, route: getShopBalanceRoute }]
          : []),
      ];
