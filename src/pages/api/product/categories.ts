import { listCategoriesRoute } from '@/features/product/server/category.routes';

export const config = { api: { bodyParser: false } };
export default listCategoriesRoute.handler;
