import { listShopsRoute } from '@/features/console/server/console.routes';

export const config = { api: { bodyParser: false } };
export default listShopsRoute.handler;
