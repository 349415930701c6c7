import { defineRoute, FileResponse } from '@/server/http/define-route';
import { dayjs } from '@/shared/dayjs';
import { can } from '@/shared/permissions';
import { isAgentRole } from '@/shared/roles';
import { ZId, z } from '@/shared/validation';
import { ZListProductsQuery } from '../product.schemas';
import { ZCsvImportReport, ZCsvInspection, ZImportMappingParam } from '../product-csv.schemas';
import { decodeCsvFile } from '@/server/csv';
import { CSV_MAX_BYTES } from './csv/columns';
import { exportProductsCsv } from './csv/export-products';
import { importProductsCsv } from './csv/import-products';
import { inspectImportFile } from './csv/read-rows';
import { productCsvTemplate } from './csv/template';

export const exportProductsCsvRoute = defineRoute({
  method: 'GET',
  path: '/api/product/exportCsv',
  tag: 'product',
  summary:
    'Exporte en CSV (UTF-8 avec BOM, «\u202f;\u00a0» ou «\u00a0,\u00a0») les produits du filtre courant de la liste\u00a0: une ligne par variante, prix dans l’unité de la devise.',
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
    'Importe un CSV de produits (le corps est le fichier, 20 000 lignes au plus)\u00a0: notre format, un export Shopify, Loyverse ou WooCommerce (reconnu à ses colonnes), ' +
    'ou tout fichier avec mapping (JSON\u00a0: notre champ → colonne du fichier\u202f; name et price obligatoires). Crée, ou met à jour le produit dont la première ligne porte un SKU connu. ' +
    'Les produits dont une ligne est en erreur sont ignorés et leurs erreurs listées (ligne, colonne du fichier)\u202f; tous les autres sont écrits en une seule transaction. ' +
    'Les adresses d’images ne sont jamais téléchargées\u00a0: elles sont rendues dans images. ' +
    'dryRun=true n’écrit rien et répond ce qui serait fait. Au-delà de la limite de produits du forfait, tout l’import est refusé.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'products:edit',
  query: z.object({
    shopId: ZId,
    dryRun: z.enum(['true', 'false']).default('false'),
    mapping: ZImportMappingParam.optional(),
  }),
  // CSV files are text: up to 10 Mo, whatever the image limit is.
  upload: { field: 'file', maxBytes: CSV_MAX_BYTES },
  response: ZCsvImportReport,
  handle: async ({ db, query, file, user, membership }) => {
    const role = membership!.agent.role;
    return importProductsCsv(db, membership!.shop, user.id, decodeCsvFile(file!), {
      dryRun: query.dryRun === 'true',
      // Stock counts in the file change existing stock only for those who may adjust it.
      canAdjustStock: isAgentRole(role) && can(role, 'stock:adjust'),
      mapping: query.mapping,
    });
  },
});

export const inspectProductsCsvRoute = defineRoute({
  method: 'POST',
  path: '/api/product/inspectCsv',
  tag: 'product',
  summary:
    'Lit l’en-tête d’un CSV de produits (le corps est le fichier)\u00a0: le format reconnu (standard, shopify, loyverse, woocommerce) ou null, ' +
    'les colonnes du fichier, et pour un format inconnu les colonnes dont le nom dit le champ (mapping proposé).',
  shop: { from: 'query', key: 'shopId' },
  permission: 'products:edit',
  query: z.object({ shopId: ZId }),
  upload: { field: 'file', maxBytes: CSV_MAX_BYTES },
  response: ZCsvInspection,
  handle: ({ file }) => Promise.resolve(inspectImportFile(decodeCsvFile(file!))),
});

export const productsCsvTemplateRoute = defineRoute({
  method: 'GET',
  path: '/api/product/csvTemplate',
  tag: 'product',
  summary:
    'Le modèle d’import (UTF-8 avec BOM)\u00a0: les colonnes de l’export et trois lignes d’exemple, montants dans la devise de la boutique.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'products:edit',
  query: z.object({ shopId: ZId, separator: z.enum(['semicolon', 'comma']).default('semicolon') }),
  produces: 'text/csv',
  response: z.unknown(),
  handle: ({ query, membership }) =>
    Promise.resolve(
      new FileResponse({
        filename: 'modele-import-produits.csv',
        contentType: 'text/csv; charset=utf-8',
        body: productCsvTemplate(membership!.shop, query.separator === 'comma' ? ',' : ';'),
      }),
    ),
});
