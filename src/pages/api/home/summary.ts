import { homeSummaryRoute } from '@/features/home/server/home.routes';

export const config = { api: { bodyParser: false } };
export default homeSummaryRoute.handler;
