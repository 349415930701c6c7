import { getNotificationsByShopRoute } from '@/features/notification/server/notification.routes';

export const config = { api: { bodyParser: false } };
export default getNotificationsByShopRoute.handler;
