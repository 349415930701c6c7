import { setAgentActiveRoute } from '@/features/agent/server/agent.routes';

export const config = { api: { bodyParser: false } };
export default setAgentActiveRoute.handler;
