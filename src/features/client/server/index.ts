import type { Route } from '@/server/http/define-route';
import { createClientRoute, searchClientsRoute } from './client.routes';

export const routes: Route[] = [searchClientsRoute, createClientRoute];
