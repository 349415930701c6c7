import type { Route } from '@/server/http/define-route';
import { createCustomerRoute, searchCustomersRoute } from './customer.routes';
import {
  bulkTagsRoute,
  countClientsRoute,
  exportClientsRoute,
  getClientRoute,
  listClientsRoute,
  updateClientRoute,
} from './client.routes';
import { addClientNoteRoute, listClientEventsRoute, mergeClientsRoute } from './client-merge.routes';
import { importClientsRoute, previewClientsImportRoute } from './client-import.routes';

export const routes: Route[] = [
  searchCustomersRoute,
  createCustomerRoute,
  listClientsRoute,
  countClientsRoute,
  exportClientsRoute,
  getClientRoute,
  updateClientRoute,
  bulkTagsRoute,
  mergeClientsRoute,
  addClientNoteRoute,
  listClientEventsRoute,
  previewClientsImportRoute,
  importClientsRoute,
];
