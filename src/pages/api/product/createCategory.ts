import { createCategoryRoute } from '@/features/product/server/category.routes';

export const config = { api: { bodyParser: false } };
export default createCategoryRoute.handler;
