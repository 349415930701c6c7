import { listOrdersRoute } from '@/features/order/server/order.routes';

export const config = { api: { bodyParser: false } };
export default listOrdersRoute.handler;
