import { paymentReturnRoute } from '@/features/payment/server/payment.routes';

export const config = { api: { bodyParser: false } };
export default paymentReturnRoute.handler;
