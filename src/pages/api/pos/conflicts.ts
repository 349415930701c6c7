import { listConflictsRoute } from '@/features/pos/server/pos.routes';

export const config = { api: { bodyParser: false } };
export default listConflictsRoute.handler;
