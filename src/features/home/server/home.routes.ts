import { defineRoute } from '@/server/http/define-route';
import { ZId, z } from '@/shared/validation';
import { can } from '@/shared/permissions';
import type { AgentRole } from '@/shared/roles';
import { ZHomeChecklist, ZHomeSummary } from '../home.schemas';
import { homeSummary } from './home-summary';
import { homeChecklist } from './home-checklist';

export const homeSummaryRoute = defineRoute({
  method: 'GET',
  path: '/api/home/summary',
  tag: 'home',
  summary:
    'Accueil : ventes et commandes du jour, et la liste des choses à faire (à confirmer, à préparer, non payées, stock faible) et les écarts de caisse des livreurs du jour.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'home:view',
  query: z.object({ shopId: ZId }),
  response: ZHomeSummary,
  handle: ({ db, membership, user }) =>
    homeSummary(db, membership!.shop, membership!.agent.role === 'cashier' ? user.id : null, {
      withDeliveryCash: can(membership!.agent.role as AgentRole, 'delivery:manage'),
    }),
});

export const homeChecklistRoute = defineRoute({
  method: 'GET',
  path: '/api/home/checklist',
  tag: 'home',
  summary:
    'Accueil : « Pour bien démarrer » (produits, caisse, équipe, boutique, livraison), chaque étape cochée d’après ce que la boutique a fait, et si elle a été fermée (administrateur).',
  shop: { from: 'query', key: 'shopId' },
  permission: 'shop:checklist',
  query: z.object({ shopId: ZId }),
  response: ZHomeChecklist,
  handle: ({ db, membership }) => homeChecklist(db, membership!.shop),
});
