import type { Route } from '@/server/http/define-route';
import { routes as auth } from './auth/server';
import { routes as user } from './user/server';
import { routes as agent } from './agent/server';
import { routes as shop } from './shop/server';
import { routes as notification } from './notification/server';
import { routes as subscription } from './subscription/server';
import { routes as payment } from './payment/server';
import { routes as consoleRoutes } from './console/server';
import { routes as product } from './product/server';
import { routes as order } from './order/server';
import { routes as pos } from './pos/server';
import { routes as customer } from './customer/server';
import { routes as home } from './home/server';
import { routes as discount } from './discount/server';
import { routes as stats } from './stats/server';
import { routes as delivery } from './delivery/server';
import { routes as storefront } from './storefront/server';
import { routes as channel } from './channel/server';
import { routes as crm } from './crm/server';
import { routes as loyalty } from './loyalty/server';

/**
 * The API: every module's routes, for server.ts and the test server to dispatch and the OpenAPI
 * document to describe. It lives with the modules, not in src/server, so the HTTP layer knows what
 * a route is but not which modules exist. A module lists its own endpoints in its `server/index.ts`;
 * only a new module is added here.
 */
export const ROUTES: Route[] = [
  ...auth,
  ...user,
  ...agent,
  ...shop,
  ...notification,
  ...subscription,
  ...payment,
  ...consoleRoutes,
  ...product,
  ...order,
  ...pos,
  ...customer,
  ...home,
  ...discount,
  ...stats,
  ...storefront,
  ...delivery,
  ...channel,
  ...crm,
  ...loyalty,
];
