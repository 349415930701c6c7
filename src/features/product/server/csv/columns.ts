/** The product format: one row per variant; the first row of a product carries its fields. */
export const COLUMNS = {
  name: 'Nom',
  description: 'Description',
  status: 'Statut',
  category: 'Catégorie',
  tags: 'Étiquettes',
  trackStock: 'Suivi du stock',
  lowStockThreshold: 'Seuil de stock faible',
  weightGrams: 'Poids (g)',
  option1Name: 'Option 1 nom',
  option1Value: 'Option 1 valeur',
  option2Name: 'Option 2 nom',
  option2Value: 'Option 2 valeur',
  option3Name: 'Option 3 nom',
  option3Value: 'Option 3 valeur',
  sku: 'SKU',
  barcode: 'Code-barres',
  price: 'Prix',
  compareAtPrice: 'Prix barré',
  costPrice: 'Prix de revient',
  stock: 'Stock',
} as const;
export type Column = keyof typeof COLUMNS;
export const COLUMN_KEYS = Object.keys(COLUMNS) as Column[];
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
