import type { Route } from '@/server/http/define-route';
import { listShopsRoute, setShopBlockedRoute, updateShopSubscriptionRoute } from './console.routes';
import {
  dismissDeadJobRoute,
  jobsOverviewRoute,
  queueCheckRoute,
  retryDeadJobRoute,
  startQueueCheckRoute,
} from './console-jobs.routes';

export const routes: Route[] = [
  listShopsRoute,
  setShopBlockedRoute,
  updateShopSubscriptionRoute,
  jobsOverviewRoute,
  retryDeadJobRoute,
  dismissDeadJobRoute,
  startQueueCheckRoute,
  queueCheckRoute,
];
