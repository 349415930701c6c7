import type { Route } from '@/server/http/define-route';
import { listShopsRoute, setShopBlockedRoute, updateShopSubscriptionRoute } from './console.routes';

export const routes: Route[] = [listShopsRoute, setShopBlockedRoute, updateShopSubscriptionRoute];
