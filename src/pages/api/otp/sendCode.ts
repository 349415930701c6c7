import { sendCodeRoute } from '@/features/auth/server/auth.routes';

export const config = { api: { bodyParser: false } };
export default sendCodeRoute.handler;
