import { defineRoute, FileResponse } from '@/server/http/define-route';
import { dayjs } from '@/shared/dates';
import { can } from '@/shared/permissions';
import { isAgentRole } from '@/shared/roles';
import { ZId, z } from '@/shared/validation';
import { ZListProductsQuery } from '../product.schemas';
import { decodeCsvFile } from '@/server/csv';
import { CSV_MAX_BYTES } from './csv/columns';
import { exportProductsCsv } from './csv/export-products';
import { importProductsCsv } from './csv/import-products';

export const exportProductsCsvRoute = defineRoute({
  method: 'GET',
  path: '/api/product/exportCsv',
  tag: 'product',
  summary:
    'Exporte en CSV (UTF-8 avec BOM, « ; » ou « , ») les produits du filtre courant de la liste : une ligne par variante, prix dans l’unité de la devise.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'products:view',
  query: ZListProductsQuery.pick({
    shopId: true,
    search: true,
    status: true,
    categoryId: true,
    stock: true,
  }).extend({
    separator: z.enum(['semicolon', 'comma']).default('semicolon'),
  }),
  produces: 'text/csv',
  response: z.unknown(),
  handle: async ({ db, query, membership }) => {
    const { shopId: _shopId, separator, ...filters } = query;
    const shop = membership!.shop;
    const body = await exportProductsCsv(db, shop, filters, separator === 'comma' ? ',' : ';');
    return new FileResponse({
      // The shop's date: an export made at 23 h in Dakar is named after that day.
      filename: `produits-${dayjs().tz(shop.timeZone).format('YYYY-MM-DD')}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body,
    });
  },
});

export const importProductsCsvRoute = defineRoute({
  method: 'POST',
  path: '/api/product/importCsv',
  tag: 'product',
  summary:
    'Importe un CSV de produits (le corps est le fichier, 20 000 lignes au plus) : crée, ou met à jour le produit dont la première ligne porte un SKU connu. ' +
    'Les produits dont une ligne est en erreur sont ignorés et leurs erreurs listées (ligne, colonne) ; tous les autres sont écrits en une seule transaction. ' +
    'dryRun=true n’écrit rien et répond ce qui serait fait. Au-delà de la limite de produits du forfait, tout l’import est refusé.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'products:edit',
  query: z.object({ shopId: ZId, dryRun: z.enum(['true', 'false']).default('false') }),
  // CSV files are text: up to 10 Mo, whatever the image limit is.
  upload: { field: 'file', maxBytes: CSV_MAX_BYTES },
  response: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    skipped: z.number().int(),
    errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
  }),
  handle: async ({ db, query, file, user, membership }) => {
    const role = membership!.agent.role;
    return importProductsCsv(db, membership!.shop, user.id, decodeCsvFile(file!), {
      dryRun: query.dryRun === 'true',
      // Stock counts in the file change existing stock only for those who may adjust it.
      canAdjustStock: isAgentRole(role) && can(role, 'stock:adjust'),
    });
  },
});
