import type { Route } from '@/server/http/define-route';
import { sendCodeRoute } from './auth.routes';

export const routes: Route[] = [sendCodeRoute];
