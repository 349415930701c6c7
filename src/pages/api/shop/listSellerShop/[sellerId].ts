import { listSellerShopRoute } from '@/features/shop/server/shop.routes';

export const config = { api: { bodyParser: false } };
export default listSellerShopRoute.handler;
