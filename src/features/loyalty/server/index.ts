import type { Route } from '@/server/http/define-route';
import {
  adjustPointsRoute,
  clientLoyaltyRoute,
  loyaltyConflictsRoute,
  programRoute,
  resolveLoyaltyConflictRoute,
  saveProgramRoute,
  summaryRoute,
} from './loyalty.routes';

export const routes: Route[] = [
  programRoute,
  saveProgramRoute,
  summaryRoute,
  clientLoyaltyRoute,
  adjustPointsRoute,
  loyaltyConflictsRoute,
  resolveLoyaltyConflictRoute,
];
