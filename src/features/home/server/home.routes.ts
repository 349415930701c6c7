import { defineRoute } from '@/server/http/define-route';
import { ZId, z } from '@/shared/validation';
import { ZHomeSummary } from '../home.schemas';
import { homeSummary } from './home-summary';

export const homeSummaryRoute = defineRoute({
  method: 'GET',
  path: '/api/home/summary',
  tag: 'home',
  summary:
    'Accueil : ventes et commandes du jour, et la liste des choses à faire (à confirmer, à préparer, non payées, stock faible).',
  shop: { from: 'query', key: 'shopId' },
  permission: 'home:view',
  query: z.object({ shopId: ZId }),
  response: ZHomeSummary,
  handle: ({ db, membership, user }) =>
    homeSummary(db, membership!.shop, membership!.agent.role === 'cashier' ? user.id : null),
});
