/*
 * The product CSV's plain values: our columns, the layouts' labels, the fields a mapping needs.
 * Apart from product-csv.schemas.ts, which builds zod schemas as it loads, so that the pages that
 * import or export products do not load zod; product-csv.schemas.ts re-exports them.
 */

/** Our format: one row per variant; the first row of a product carries its fields. */
export const PRODUCT_CSV_COLUMNS = {
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
export type ProductCsvField = keyof typeof PRODUCT_CSV_COLUMNS;
export const PRODUCT_CSV_FIELDS = Object.keys(PRODUCT_CSV_COLUMNS) as ProductCsvField[];

/** The files the import reads: ours, three platforms' exports, or any file with a mapping. */
export const IMPORT_LAYOUTS = ['standard', 'shopify', 'loyverse', 'woocommerce', 'manual'] as const;
export type ImportLayoutId = (typeof IMPORT_LAYOUTS)[number];
export const IMPORT_LAYOUT_LABELS: Record<ImportLayoutId, string> = {
  standard: 'modèle d’import et d’export',
  shopify: 'Shopify',
  loyverse: 'Loyverse',
  woocommerce: 'WooCommerce',
  manual: 'colonnes associées à la main',
};

/** The fields a mapping must give a column: without them no row can become a product. */
export const REQUIRED_MAPPED_FIELDS = ['name', 'price'] as const satisfies readonly ProductCsvField[];
