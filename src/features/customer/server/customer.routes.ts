import { defineRoute } from '@/server/http/define-route';
import { z } from '@/shared/validation';
import { ZCreateCustomerBody, ZSearchCustomersQuery } from '../customer.schemas';
import { createCustomer, searchCustomers } from './customers';
import { ZCustomer, toCustomerDto } from './customer.dto';

export const searchCustomersRoute = defineRoute({
  method: 'GET',
  path: '/api/client/search',
  tag: 'client',
  summary:
    'Les clients de la boutique par nom ou téléphone (sans accents ni casse), les plus récents d’abord.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'orders:create',
  query: ZSearchCustomersQuery,
  response: z.object({ items: z.array(ZCustomer) }),
  handle: async ({ db, membership, query }) => ({
    items: (await searchCustomers(db, membership!.shop.id, query.search, query.limit)).map(toCustomerDto),
  }),
});

export const createCustomerRoute = defineRoute({
  method: 'POST',
  path: '/api/client/create',
  tag: 'client',
  summary: 'Crée un client (téléphone E.164, unique dans la boutique).',
  shop: { from: 'body', key: 'shopId' },
  permission: 'orders:create',
  body: ZCreateCustomerBody,
  response: ZCustomer,
  handle: async ({ db, membership, body }) => toCustomerDto(await createCustomer(db, membership!.shop, body)),
});
