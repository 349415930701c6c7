import { reportTestPaymentRoute } from '@/features/order/server/pay.routes';

export const config = { api: { bodyParser: false } };
export default reportTestPaymentRoute.handler;
