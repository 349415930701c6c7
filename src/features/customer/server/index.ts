import type { Route } from '@/server/http/define-route';
import { createCustomerRoute, searchCustomersRoute } from './customer.routes';

export const routes: Route[] = [searchCustomersRoute, createCustomerRoute];
