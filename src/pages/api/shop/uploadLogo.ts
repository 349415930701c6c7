import { uploadShopLogoRoute } from '@/features/shop/server/shop.routes';

export const config = { api: { bodyParser: false } };
export default uploadShopLogoRoute.handler;
