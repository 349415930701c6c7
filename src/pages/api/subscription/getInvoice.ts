import { getInvoiceRoute } from '@/features/subscription/server/subscription.routes';

export const config = { api: { bodyParser: false } };
export default getInvoiceRoute.handler;
