import { shareOrderPaymentLinkRoute } from '@/features/order/server/order.routes';

export const config = { api: { bodyParser: false } };
export default shareOrderPaymentLinkRoute.handler;
