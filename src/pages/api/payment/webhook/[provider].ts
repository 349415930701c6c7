import { paymentWebhookRoute } from '@/features/subscription/server/subscription.routes';

export const config = { api: { bodyParser: false } };
export default paymentWebhookRoute.handler;
