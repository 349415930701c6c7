import { z } from '@/shared/validation';
import { CLIENT_IMPORT_LAYOUTS, CLIENT_IMPORT_STATUSES } from './client-import.constants';

export * from './client-import.constants';

/** One line of the file: what it does (or did) to the shop's clients, or why it cannot. */
export const ZClientImportRow = z.object({
  /** The file's line (1 is the header). */
  line: z.number().int(),
  status: z.enum(CLIENT_IMPORT_STATUSES),
  name: z.string(),
  /** E.164, when the cell could be read. */
  phone: z.string().nullable(),
  /** Each naming the file's column. */
  errors: z.array(z.object({ column: z.string(), message: z.string() })),
});
export type TClientImportRow = z.infer<typeof ZClientImportRow>;

export const ZClientImportReport = z.object({
  layout: z.enum(CLIENT_IMPORT_LAYOUTS),
  /** False for a preview: nothing was written. */
  isApplied: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  rows: z.array(ZClientImportRow),
});
export type TClientImportReport = z.infer<typeof ZClientImportReport>;
