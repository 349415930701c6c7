import { inviteAgentRoute } from '@/features/agent/server/agent.routes';

export const config = { api: { bodyParser: false } };
export default inviteAgentRoute.handler;
