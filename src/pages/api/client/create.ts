import { createClientRoute } from '@/features/client/server/client.routes';

export const config = { api: { bodyParser: false } };
export default createClientRoute.handler;
