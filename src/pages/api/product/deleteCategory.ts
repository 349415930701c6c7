import { deleteCategoryRoute } from '@/features/product/server/category.routes';

export const config = { api: { bodyParser: false } };
export default deleteCategoryRoute.handler;
