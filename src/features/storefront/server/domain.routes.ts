import { defineRoute } from '@/server/http/define-route';
import { Errors } from '@/server/http/errors';
import { z, ZId } from '@/shared/validation';
import { ZDomainCheck } from '../domain.schemas';
import { checkDomain, dnsResolver, expectedTarget } from './domain-check';
import { getStorefront } from './storefront.repository';

export const checkDomainRoute = defineRoute({
  method: 'GET',
  path: '/api/storefront/checkDomain',
  tag: 'storefront',
  summary:
    'Les enregistrements DNS à ajouter pour le nom de domaine de la boutique, et ce que le DNS en répond maintenant.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'website:manage',
  query: z.object({ shopId: ZId }),
  response: ZDomainCheck,
  handle: async (ctx) => {
    const { customDomain } = await getStorefront(ctx.db, ctx.membership!.shop);
    if (!customDomain) throw Errors.validation({ customDomain: 'Enregistrez d’abord un nom de domaine.' });
    return checkDomain(customDomain, expectedTarget(), dnsResolver());
  },
});
