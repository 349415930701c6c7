import { getShopRoute } from '@/features/shop/server/shop.routes';

export const config = { api: { bodyParser: false } };
export default getShopRoute.handler;
