import { posSyncRoute } from '@/features/pos/server/pos.routes';

export const config = { api: { bodyParser: false } };
export default posSyncRoute.handler;
