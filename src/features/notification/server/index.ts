import type { Route } from '@/server/http/define-route';
import { getNotificationsByShopRoute, markAsReadRoute } from './notification.routes';

export const routes: Route[] = [getNotificationsByShopRoute, markAsReadRoute];
