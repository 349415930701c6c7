import { markAsReadRoute } from '@/features/notification/server/notification.routes';

export const config = { api: { bodyParser: false } };
export default markAsReadRoute.handler;
