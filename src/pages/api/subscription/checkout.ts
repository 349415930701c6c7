import { startCheckoutRoute } from '@/features/subscription/server/subscription.routes';

export const config = { api: { bodyParser: false } };
export default startCheckoutRoute.handler;
