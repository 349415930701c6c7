import type { Route } from '@/server/http/define-route';
import { countSegmentRoute, deleteSegmentRoute, listSegmentsRoute, saveSegmentRoute } from './crm.routes';

export const routes: Route[] = [listSegmentsRoute, countSegmentRoute, saveSegmentRoute, deleteSegmentRoute];
