import { getInfoRoute } from '@/features/user/server/user.routes';

export const config = { api: { bodyParser: false } };
export default getInfoRoute.handler;
