import { updateCategoryRoute } from '@/features/product/server/category.routes';

export const config = { api: { bodyParser: false } };
export default updateCategoryRoute.handler;
