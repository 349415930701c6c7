import type { Route } from '@/server/http/define-route';
import { sendCodeRoute, signOutEverywhereRoute } from './auth.routes';

export const routes: Route[] = [sendCodeRoute, signOutEverywhereRoute];
