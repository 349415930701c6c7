import { exportProductsCsvRoute } from '@/features/product/server/csv.routes';

export const config = { api: { bodyParser: false } };
export default exportProductsCsvRoute.handler;
