import { PRODUCT_CSV_COLUMNS, PRODUCT_CSV_FIELDS, type ProductCsvField } from '../../product-csv.schemas';

/** The product format: one row per variant; the first row of a product carries its fields. */
export const COLUMNS = PRODUCT_CSV_COLUMNS;
export type Column = ProductCsvField;
export const COLUMN_KEYS = PRODUCT_CSV_FIELDS;
export const PRODUCT_CSV_HEADERS: readonly string[] = Object.values(COLUMNS);
export const OPTION_COLUMNS = [
  { name: 'option1Name', value: 'option1Value' },
  { name: 'option2Name', value: 'option2Value' },
  { name: 'option3Name', value: 'option3Value' },
] as const satisfies ReadonlyArray<{ name: Column; value: Column }>;

/** One import at most: past these, a file is refused whole and its user asked to cut it. */
export const CSV_MAX_ROWS = 20_000;
export const CSV_MAX_BYTES = 10 * 1024 * 1024;
export const TAG_SEPARATOR = ',';
export const CATEGORY_SEPARATOR = '>';
