import { resolveConflictRoute } from '@/features/pos/server/pos.routes';

export const config = { api: { bodyParser: false } };
export default resolveConflictRoute.handler;
