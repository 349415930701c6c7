import { listTillsRoute } from '@/features/pos/server/pos.routes';

export const config = { api: { bodyParser: false } };
export default listTillsRoute.handler;
