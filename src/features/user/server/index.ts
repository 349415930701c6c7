import type { Route } from '@/server/http/define-route';
import { getInfoRoute } from './user.routes';

export const routes: Route[] = [getInfoRoute];
