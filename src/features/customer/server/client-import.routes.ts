import { defineRoute } from '@/server/http/define-route';
import { decodeCsvFile } from '@/server/csv';
import { ZId, z } from '@/shared/validation';
import { ZClientImportReport } from '../client-import.schemas';
import { CLIENT_IMPORT_MAX_BYTES, importClients, previewClientsImport } from './import/import-clients';

/*
 * The clients CSV import, keyed on the phone: the body is the file (UTF-8 or Windows-1252), read
 * again by each call. Our export, Shopify's and Loyverse's customers exports, told by their header.
 */
const importQuery = z.object({ shopId: ZId });
const upload = { field: 'file', maxBytes: CLIENT_IMPORT_MAX_BYTES };

export const previewClientsImportRoute = defineRoute({
  method: 'POST',
  path: '/api/client/importPreview',
  tag: 'client',
  summary:
    'Ce que ferait l’import d’un CSV de clients (le corps est le fichier, 20 000 lignes au plus) : pour chaque ligne « créé », « mis à jour » (même téléphone) ou « erreur » avec la colonne en cause. N’écrit rien.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'clients:manage',
  query: importQuery,
  upload,
  response: ZClientImportReport,
  handle: ({ db, membership, file }) => previewClientsImport(db, membership!.shop, decodeCsvFile(file!)),
});

export const importClientsRoute = defineRoute({
  method: 'POST',
  path: '/api/client/import',
  tag: 'client',
  summary:
    'Importe un CSV de clients (le corps est le fichier) en une transaction : crée le client d’un téléphone nouveau, met à jour celui d’un téléphone connu ; les lignes en erreur sont ignorées et listées.',
  shop: { from: 'query', key: 'shopId' },
  permission: 'clients:manage',
  query: importQuery,
  upload,
  response: ZClientImportReport,
  handle: ({ db, membership, file }) => importClients(db, membership!.shop, decodeCsvFile(file!)),
});
