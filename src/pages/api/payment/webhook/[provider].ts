import { paymentWebhookRoute } from '@/features/payment/server/payment.routes';

export const config = { api: { bodyParser: false } };
export default paymentWebhookRoute.handler;
