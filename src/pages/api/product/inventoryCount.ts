import { inventoryCountRoute } from '@/features/product/server/stock.routes';

export const config = { api: { bodyParser: false } };
export default inventoryCountRoute.handler;
