import type { Route } from '@/server/http/define-route';
import { homeSummaryRoute } from './home.routes';

export const routes: Route[] = [homeSummaryRoute];
