import { defineRoute } from '@/server/http/define-route';
import {
  ZAutomation,
  ZAutomationList,
  ZAutomationMessages,
  ZAutomationMessagesQuery,
  ZSaveAutomationBody,
  ZShopQuery,
} from '../crm.schemas';
import { automationMessages, listAutomations, saveAutomation } from './automations';
import { crmShop } from './crm.routes';

const tag = 'crm';

export const listAutomationsRoute = defineRoute({
  method: 'GET',
  path: '/api/crm/automations',
  tag,
  summary:
    'Les automatisations de la boutique (anniversaire, client à risque, merci après le premier achat, rappel d’ardoise) : activée ou non, texte, délai, réduction de {code}, et les messages envoyés ces 30 derniers jours.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'crm:view',
  query: ZShopQuery,
  response: ZAutomationList,
  handle: async (ctx) => ({ items: await listAutomations(ctx.db, crmShop(ctx)) }),
});

export const saveAutomationRoute = defineRoute({
  method: 'POST',
  path: '/api/crm/saveAutomation',
  tag,
  summary:
    'Active, désactive ou modifie une automatisation : ses espaces réservés seulement, un délai dans ses bornes, et avec {code} une réduction par code active.',
  shop: { from: 'body', key: 'shopId' },
  permission: 'crm:manage',
  body: ZSaveAutomationBody,
  response: ZAutomation,
  handle: (ctx) => {
    const { shopId: _shopId, ...input } = ctx.body;
    return saveAutomation(ctx.db, crmShop(ctx), ctx.user.id, input);
  },
});

export const automationMessagesRoute = defineRoute({
  method: 'GET',
  path: '/api/crm/automationMessages',
  tag,
  summary: 'Les 50 derniers messages d’une automatisation, les plus récents d’abord, avec leur état.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'crm:view',
  query: ZAutomationMessagesQuery,
  response: ZAutomationMessages,
  handle: async (ctx) => ({ messages: await automationMessages(ctx.db, crmShop(ctx).id, ctx.query.kind) }),
});
