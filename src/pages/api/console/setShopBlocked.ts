import { setShopBlockedRoute } from '@/features/console/server/console.routes';

export const config = { api: { bodyParser: false } };
export default setShopBlockedRoute.handler;
