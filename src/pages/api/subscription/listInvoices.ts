import { listInvoicesRoute } from '@/features/subscription/server/subscription.routes';

export const config = { api: { bodyParser: false } };
export default listInvoicesRoute.handler;
