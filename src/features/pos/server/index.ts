import type { Route } from '@/server/http/define-route';
import {
  approversRoute,
  createTillRoute,
  listConflictsRoute,
  listSessionsRoute,
  listTillsRoute,
  posCatalogueRoute,
  posClientsRoute,
  posSyncRoute,
  posClientCreditRoute,
  resolveConflictRoute,
  sendReceiptRoute,
  setPinRoute,
  updateTillRoute,
  zReportRoute,
} from './pos.routes';

export const routes: Route[] = [
  listTillsRoute,
  createTillRoute,
  updateTillRoute,
  posCatalogueRoute,
  posClientsRoute,
  posSyncRoute,
  posClientCreditRoute,
  listSessionsRoute,
  zReportRoute,
  approversRoute,
  setPinRoute,
  listConflictsRoute,
  resolveConflictRoute,
  sendReceiptRoute,
];
