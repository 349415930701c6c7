import { startPayCheckoutRoute } from '@/features/order/server/pay.routes';

export const config = { api: { bodyParser: false } };
export default startPayCheckoutRoute.handler;
