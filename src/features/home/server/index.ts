import type { Route } from '@/server/http/define-route';
import { homeChecklistRoute, homeSummaryRoute } from './home.routes';

export const routes: Route[] = [homeSummaryRoute, homeChecklistRoute];
