import { defineRoute } from '@/server/http/define-route';
import { z } from '@/shared/validation';
import { ZCreateClientBody, ZSearchClientsQuery } from '../client.schemas';
import { createClient, searchClients } from './clients';
import { ZClient, toClientDto } from './client.dto';

export const searchClientsRoute = defineRoute({
  method: 'GET',
  path: '/api/client/search',
  tag: 'client',
  summary:
    'Les clients de la boutique par nom ou téléphone (sans accents ni casse), les plus récents d’abord.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'orders:create',
  query: ZSearchClientsQuery,
  response: z.object({ items: z.array(ZClient) }),
  handle: async ({ db, membership, query }) => ({
    items: (await searchClients(db, membership!.shop.id, query.search, query.limit)).map(toClientDto),
  }),
});

export const createClientRoute = defineRoute({
  method: 'POST',
  path: '/api/client/create',
  tag: 'client',
  summary: 'Crée un client (téléphone E.164, unique dans la boutique).',
  shop: { from: 'body', key: 'shopId' },
  permission: 'orders:create',
  body: ZCreateClientBody,
  response: ZClient,
  handle: async ({ db, membership, body }) => toClientDto(await createClient(db, membership!.shop, body)),
});
