import { http } from '@/client/api/http';
import type { ProductListArgs } from './product.api';

export interface ImportReport {
  created: number;
  updated: number;
  skipped: number;
  errors: Array<{ row: number; field: string; message: string }>;
}

/** Downloads the CSV of the current filter through the API (it needs the Bearer token, so no plain link). */
export async function downloadProductsCsv(
  args: ProductListArgs,
  separator: 'semicolon' | 'comma',
): Promise<void> {
  const { after: _after, sort: _sort, ...filters } = args;
  const params = Object.fromEntries(Object.entries({ ...filters, separator }).filter(([, v]) => v));
  const response = await http.get<Blob>('/api/product/exportCsv', { params, responseType: 'blob' });
  const disposition = String(response.headers['content-disposition'] ?? '');
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'produits.csv';
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Sends the file for a preview (dryRun) or for real; the server re-reads it each time. */
export async function sendProductsCsv(shopId: string, file: File, dryRun: boolean): Promise<ImportReport> {
  const response = await http.post<ImportReport>('/api/product/importCsv', file, {
    params: { shopId, dryRun: String(dryRun) },
    headers: { 'Content-Type': 'text/csv' },
  });
  return response.data;
}
