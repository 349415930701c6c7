import { http } from '@/client/api/http';
import { downloadFromApi } from '@/client/api/download';
import type { CsvImportReport, CsvInspection, TImportMapping } from '../product-csv.schemas';
import type { ProductListArgs } from './product.api';

export type ImportReport = CsvImportReport;

/** Downloads the CSV of the current filter. */
export async function downloadProductsCsv(
  args: ProductListArgs,
  separator: 'semicolon' | 'comma',
): Promise<void> {
  const { after: _after, sort: _sort, withVariants: _withVariants, limit: _limit, ...filters } = args;
  await downloadFromApi('/api/product/exportCsv', { ...filters, separator }, 'produits.csv');
}

/** Downloads the import's template: our columns and example rows. */
export async function downloadProductsCsvTemplate(shopId: string): Promise<void> {
  await downloadFromApi('/api/product/csvTemplate', { shopId }, 'modele-import-produits.csv');
}

/** The file's layout as the server recognises it, or its columns to map. */
export async function inspectProductsCsv(shopId: string, file: File): Promise<CsvInspection> {
  const response = await http.post<CsvInspection>('/api/product/inspectCsv', file, {
    params: { shopId },
    headers: { 'Content-Type': 'text/csv' },
  });
  return response.data;
}

/** Sends the file for a preview (dryRun) or for real; the server re-reads it each time. */
export async function sendProductsCsv(
  shopId: string,
  file: File,
  dryRun: boolean,
  mapping?: TImportMapping,
): Promise<ImportReport> {
  const response = await http.post<ImportReport>('/api/product/importCsv', file, {
    params: { shopId, dryRun: String(dryRun), ...(mapping ? { mapping: JSON.stringify(mapping) } : {}) },
    headers: { 'Content-Type': 'text/csv' },
  });
  return response.data;
}
