import { can } from '@/shared/permissions';
import { isPlainListUrl, type PageReads } from '@/features/shop/server/shell-page';
import { listCategoriesRoute } from './category.routes';
import { listProductsRoute } from './product.routes';

/**
 * What Mes produits starts with (ProductsScreen's queries, under the same endpoints and
 * arguments): the first page of the catalogue, newest first, and the categories of its filter.
 */
export const productsPageReads: PageReads = ({ shopId, role, query }) =>
  isPlainListUrl(query) && can(role, 'products:view')
    ? [
        { endpointName: 'listProducts', arg: { shopId, sort: 'recent' }, route: listProductsRoute },
        { endpointName: 'listCategories', arg: { shopId }, route: listCategoriesRoute },
      ]
    : [];
