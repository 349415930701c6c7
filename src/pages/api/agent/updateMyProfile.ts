import { updateMyProfileRoute } from '@/features/agent/server/agent.routes';

export const config = { api: { bodyParser: false } };
export default updateMyProfileRoute.handler;
