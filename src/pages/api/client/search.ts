import { searchClientsRoute } from '@/features/client/server/client.routes';

export const config = { api: { bodyParser: false } };
export default searchClientsRoute.handler;
