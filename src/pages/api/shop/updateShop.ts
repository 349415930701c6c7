import { updateShopRoute } from '@/features/shop/server/shop.routes';

export const config = { api: { bodyParser: false } };
export default updateShopRoute.handler;
