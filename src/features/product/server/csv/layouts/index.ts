import { COLUMNS, COLUMN_KEYS, type Column } from '../columns';
import type { Header, ImportLayout } from './layout';
import { loyverseLayout } from './loyverse';
import { shopifyLayout } from './shopify';
import { standardLayout } from './standard';
import { wooCommerceLayout } from './woocommerce';

export { mappedLayout } from './standard';
export type { ImportGroup, Row } from './layout';
export { Header } from './layout';

/** Tried in this order; the first whose header matches reads the file. */
export const LAYOUTS: readonly ImportLayout[] = [
  standardLayout,
  shopifyLayout,
  loyverseLayout,
  wooCommerceLayout,
];

export function detectLayout(header: Header): ImportLayout | null {
  return LAYOUTS.find((layout) => layout.matches(header)) ?? null;
}

/** Other names a column may have for each field, in the files merchants keep (spreadsheets, other tills). */
const SYNONYMS: Partial<Record<Column, string[]>> = {
  name: ['Name', 'Title', 'Produit', 'Article', 'Désignation', 'Libellé', 'Nom du produit'],
  description: ['Body (HTML)', 'Descriptif'],
  status: ['Status', 'État'],
  category: ['Category', 'Categories', 'Catégories', 'Famille', 'Rayon'],
  tags: ['Tags', 'Mots-clés'],
  sku: ['Variant SKU', 'UGS', 'Référence', 'Réf', 'Code article'],
  barcode: ['Barcode', 'Variant Barcode', 'EAN', 'Code EAN', 'Code barre', 'Code-barre', 'Codes-barres'],
  price: ['Price', 'Variant Price', 'Prix de vente', 'Prix unitaire', 'PU', 'Tarif'],
  compareAtPrice: ['Compare at price', 'Ancien prix'],
  costPrice: ['Cost', 'Cost per item', 'Coût', 'Prix d’achat', 'Coût d’achat'],
  stock: ['Quantity', 'Quantité', 'Qté', 'Inventory', 'Qty', 'En stock'],
  lowStockThreshold: ['Low stock', 'Stock minimum', 'Stock mini', 'Seuil'],
  weightGrams: ['Poids', 'Weight', 'Grams'],
};

/** For a file no layout reads: each field the column whose name says it holds it, if any. */
export function suggestMapping(header: Header): Partial<Record<Column, string>> {
  const suggestion: Partial<Record<Column, string>> = {};
  const taken = new Set<number>();
  for (const field of COLUMN_KEYS) {
    const names = [COLUMNS[field], ...(SYNONYMS[field] ?? [])];
    const i = names.map((n) => header.find(n)).find((found) => found !== undefined && !taken.has(found));
    if (i === undefined) continue;
    taken.add(i);
    suggestion[field] = header.titles[i]!.trim();
  }
  return suggestion;
}

/** How many of our own column names the header has (to say which are missing when it is close). */
export function ownColumnsMissing(header: Header): string[] {
  const present = COLUMN_KEYS.filter((c) => header.has(COLUMNS[c]));
  return present.length === 0
    ? []
    : COLUMN_KEYS.filter((c) => !header.has(COLUMNS[c])).map((c) => COLUMNS[c]);
}
