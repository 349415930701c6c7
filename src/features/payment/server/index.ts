import type { Route } from '@/server/http/define-route';
import { paymentReturnRoute, paymentWebhookRoute } from './payment.routes';

export const routes: Route[] = [paymentReturnRoute, paymentWebhookRoute];
