import { posClientsRoute } from '@/features/pos/server/pos.routes';

export const config = { api: { bodyParser: false } };
export default posClientsRoute.handler;
