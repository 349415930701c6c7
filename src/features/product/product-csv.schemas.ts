// The product CSV as both sides see it: our columns (the export, the template, the mapping's
// fields), the layouts the import recognises, the mapping and the import's report.
import { z } from '@/shared/validation';
import { IMPORT_LAYOUTS, type ProductCsvField } from './product-csv.constants';

export * from './product-csv.constants';

const ZColumnName = z.string().trim().min(1).max(200);

const optionalColumn = ZColumnName.optional();

/** Our field → the file's column (its header, as written); a field left out is ignored. */
export const ZImportMapping = z.strictObject({
  name: ZColumnName,
  description: optionalColumn,
  status: optionalColumn,
  category: optionalColumn,
  tags: optionalColumn,
  trackStock: optionalColumn,
  lowStockThreshold: optionalColumn,
  weightGrams: optionalColumn,
  option1Name: optionalColumn,
  option1Value: optionalColumn,
  option2Name: optionalColumn,
  option2Value: optionalColumn,
  option3Name: optionalColumn,
  option3Value: optionalColumn,
  sku: optionalColumn,
  barcode: optionalColumn,
  price: ZColumnName,
  compareAtPrice: optionalColumn,
  costPrice: optionalColumn,
  stock: optionalColumn,
} satisfies Record<ProductCsvField, z.ZodType>);
export type TImportMapping = z.infer<typeof ZImportMapping>;

/** The mapping as the query carries it: JSON text, read then checked. */
export const ZImportMappingParam = z
  .string()
  .max(20_000)
  .transform((text, ctx): unknown => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'L’association des colonnes est illisible.' });
      return z.NEVER;
    }
  })
  .pipe(ZImportMapping);

export const ZCsvImportError = z.object({
  /** The line in the file (1 is the header). */
  row: z.number().int(),
  /** The file's column, as its header names it. */
  field: z.string(),
  message: z.string(),
});
export type CsvImportError = z.infer<typeof ZCsvImportError>;

export const ZCsvImportReport = z.object({
  layout: z.enum(IMPORT_LAYOUTS),
  created: z.number().int(),
  updated: z.number().int(),
  /** Products the file describes exactly as they are: nothing written (an export re-imported). */
  unchanged: z.number().int(),
  /** Products (or rows standing for none) not written because of an error. */
  skipped: z.number().int(),
  errors: z.array(ZCsvImportError),
  /** What the layout read differently from the file, in French (a store chosen, parts left out). */
  notes: z.array(z.string()),
  /** Image addresses the file gives, never fetched: to upload again on each product. */
  images: z.array(z.object({ row: z.number().int(), product: z.string(), urls: z.array(z.string()) })),
});
export type CsvImportReport = z.infer<typeof ZCsvImportReport>;

export const ZCsvInspection = z.object({
  /** null: no layout matches the header, a mapping is needed. */
  layout: z.enum(IMPORT_LAYOUTS).nullable(),
  columns: z.array(z.string()),
  /** For a file no layout reads: the columns whose names say which field they hold. */
  suggestedMapping: z.record(z.string(), z.string()),
});
export type CsvInspection = z.infer<typeof ZCsvInspection>;
