import { defineRoute, FileResponse } from '@/server/http/define-route';
import { dayjs } from '@/shared/dayjs';
import { ZId, z } from '@/shared/validation';
import {
  ZBulkTagsBody,
  ZClientDetail,
  ZClientListQuery,
  ZClientsPage,
  ZUpdateClientBody,
} from '../customer.schemas';
import { countClients, exportClientsCsv, listClients } from './client-list';
import { bulkTagClients, requireClient, updateClient } from './client-profile';
import { toClientDetail, toClientSummary } from './customer.dto';

/*
 * /mes-clients: the list, a client's page, their profile. Admin, supervisor and seller
 * (`clients:manage`); the cashier finds and creates clients at the till only (/api/client/search
 * and /api/client/create, with the orders' permission).
 */
const shopInQuery = { from: 'query', key: 'shopId' } as const;
const shopInBody = { from: 'body', key: 'shopId' } as const;

export const listClientsRoute = defineRoute({
  method: 'GET',
  path: '/api/client/list',
  tag: 'client',
  summary:
    'Les clients : recherche (nom, téléphone sous toute forme, e-mail), filtres (étiquette, commune, canal de la première commande, ardoise, dernière commande, total dépensé, consentement), quatre tris, pagination par curseur.',
  shop: shopInQuery,
  permission: 'clients:manage',
  query: ZClientListQuery,
  response: ZClientsPage,
  handle: async ({ db, membership, query }) => {
    const { shopId: _shopId, after, limit, sort, ...filters } = query;
    const page = await listClients(db, membership!.shop, filters, { sort, after, limit });
    return { items: page.items.map(toClientSummary), nextCursor: page.nextCursor };
  },
});

export const countClientsRoute = defineRoute({
  method: 'GET',
  path: '/api/client/count',
  tag: 'client',
  summary: 'Le nombre de clients d’un filtre, compté jusqu’à 10 000 (au-delà : « plus de 10 000 »).',
  shop: shopInQuery,
  permission: 'clients:manage',
  query: ZClientListQuery,
  response: z.object({ count: z.number().int(), isCapped: z.boolean() }),
  handle: async ({ db, membership, query }) => {
    const { shopId: _shopId, after: _after, limit: _limit, sort: _sort, ...filters } = query;
    return countClients(db, membership!.shop, filters);
  },
});

export const exportClientsRoute = defineRoute({
  method: 'GET',
  path: '/api/client/exportCsv',
  tag: 'client',
  summary:
    'Les clients du filtre en CSV (profil, chiffres, ardoise, consentements ; séparateur « ; » par défaut), envoyés au fil de la lecture.',
  shop: shopInQuery,
  permission: 'clients:manage',
  query: ZClientListQuery.extend({ separator: z.enum(['semicolon', 'comma']).default('semicolon') }),
  produces: 'text/csv',
  response: z.unknown(),
  handle: async ({ db, membership, query }) => {
    const { shopId: _shopId, after: _after, limit: _limit, sort, separator, ...filters } = query;
    const shop = membership!.shop;
    return new FileResponse({
      filename: `clients-${dayjs().tz(shop.timeZone).format('YYYY-MM-DD')}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: exportClientsCsv(db, shop, filters, sort, separator === 'comma' ? ',' : ';'),
    });
  },
});

export const getClientRoute = defineRoute({
  method: 'GET',
  path: '/api/client/get',
  tag: 'client',
  summary: 'Un client : profil, consentements, chiffres (à jour à chaque commande), ardoise et avoir.',
  shop: shopInQuery,
  permission: 'clients:manage',
  query: z.object({ shopId: ZId, clientId: ZId }),
  response: ZClientDetail,
  handle: async ({ db, membership, query }) =>
    toClientDetail(await requireClient(db, membership!.shop.id, query.clientId)),
});

export const updateClientRoute = defineRoute({
  method: 'POST',
  path: '/api/client/update',
  tag: 'client',
  summary:
    'Modifie le profil d’un client (seuls les champs envoyés changent) : noms, téléphones, adresse, anniversaire, notes, étiquettes, consentements, plafond de crédit.',
  shop: shopInBody,
  permission: 'clients:manage',
  body: ZUpdateClientBody,
  response: ZClientDetail,
  handle: async ({ db, membership, body }) => toClientDetail(await updateClient(db, membership!.shop, body)),
});

export const bulkTagsRoute = defineRoute({
  method: 'POST',
  path: '/api/client/bulkTags',
  tag: 'client',
  summary: 'Ajoute ou retire des étiquettes sur les clients choisis (500 au plus).',
  shop: shopInBody,
  permission: 'clients:manage',
  body: ZBulkTagsBody,
  response: z.object({ updated: z.number().int() }),
  handle: async ({ db, membership, body }) => ({
    updated: await bulkTagClients(db, membership!.shop.id, body.clientIds, body.add, body.remove),
  }),
});
