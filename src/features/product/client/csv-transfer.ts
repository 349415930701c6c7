import { http } from '@/client/api/http';
import { downloadFromApi } from '@/client/api/download';
import type { ProductListArgs } from './product.api';

export interface ImportReport {
  created: number;
  updated: number;
  skipped: number;
  errors: Array<{ row: number; field: string; message: string }>;
}

/** Downloads the CSV of the current filter. */
export async function downloadProductsCsv(
  args: ProductListArgs,
  separator: 'semicolon' | 'comma',
): Promise<void> {
  const { after: _after, sort: _sort, withVariants: _withVariants, limit: _limit, ...filters } = args;
  await downloadFromApi('/api/product/exportCsv', { ...filters, separator }, 'produits.csv');
}

/** Sends the file for a preview (dryRun) or for real; the server re-reads it each time. */
export async function sendProductsCsv(shopId: string, file: File, dryRun: boolean): Promise<ImportReport> {
  const response = await http.post<ImportReport>('/api/product/importCsv', file, {
    params: { shopId, dryRun: String(dryRun) },
    headers: { 'Content-Type': 'text/csv' },
  });
  return response.data;
}
