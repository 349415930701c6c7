import { getPaymentRoute } from '@/features/subscription/server/subscription.routes';

export const config = { api: { bodyParser: false } };
export default getPaymentRoute.handler;
