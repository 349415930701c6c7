import { generateBarcodeRoute } from '@/features/product/server/product.routes';

export const config = { api: { bodyParser: false } };
export default generateBarcodeRoute.handler;
