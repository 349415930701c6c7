import type { Header } from './layout';
import { COLUMNS, type Column } from '../columns';
import { readPlatformAmount } from './amounts';
import {
  groupByKey,
  headerKey,
  rowOf,
  textToHtml,
  wholeText,
  type ImportGroup,
  type ImportLayout,
} from './layout';

/** Loyverse's items export (Back office › Articles › Exporter), as its help centre documents it. */
const C = {
  handle: 'Handle',
  sku: 'SKU',
  name: 'Name',
  category: 'Category',
  description: 'Description',
  soldByWeight: 'Sold by weight',
  cost: 'Cost',
  barcode: 'Barcode',
  includedSku: 'SKU of included item',
  trackStock: 'Track stock',
  defaultPrice: 'Default price',
};
const OPTION_NAMES = ['Option 1 name', 'Option 2 name', 'Option 3 name'];
const OPTION_VALUES = ['Option 1 value', 'Option 2 value', 'Option 3 value'];
/** Columns Loyverse writes once per store: « Price [Plateau] ». */
const STORE_COLUMN = /^(available for sale|price|in stock|low stock|optimal stock) \[(.+)\]$/;

/** The stores the file has columns for, in order. */
function storesOf(header: Header): string[] {
  const stores: string[] = [];
  for (const title of header.titles) {
    const store = STORE_COLUMN.exec(headerKey(title)) && /\[(.+)\]\s*$/.exec(title)?.[1]?.trim();
    if (store && !stores.includes(store)) stores.push(store);
  }
  return stores;
}

export const loyverseLayout: ImportLayout = {
  id: 'loyverse',
  matches: (header) =>
    header.has(C.handle) && header.has(C.name) && (header.has(C.soldByWeight) || storesOf(header).length > 0),
  read: (header, records) => {
    const stores = storesOf(header);
    const store = stores[0];
    const perStore = (what: string) => (store ? `${what} [${store}]` : what);
    const notes: string[] = [];
    if (stores.length > 1)
      notes.push(
        `Le fichier décrit ${stores.length} magasins (${stores.join(', ')})\u00a0: la disponibilité, le prix et le stock sont lus pour le premier, «\u00a0${store}\u00a0».`,
      );
    let composites = 0;
    const groups: ImportGroup[] = groupByKey(
      records,
      (r) => header.reader(r)(C.handle) || `ligne ${r.line}`,
    ).map((records) => {
      const head = header.reader(records[0]!);
      const variants = records.filter((record, k) => {
        if (k === 0) return true;
        const cell = header.reader(record);
        // The rows after an item's first that only name an included item are its composition.
        return [...OPTION_VALUES, C.sku, C.barcode, perStore('Price'), C.cost].some((c) => cell(c));
      });
      if (records.some((r) => header.reader(r)(C.includedSku))) composites++;
      const available = head(perStore('Available for sale')).toLowerCase();
      const product: Partial<Record<Column, string>> = {
        name: head(C.name),
        description: textToHtml(head(C.description)),
        // Not for sale in the store: kept, as a draft.
        status: available === 'n' ? 'draft' : available === 'y' ? 'active' : available,
        category: head(C.category),
        trackStock: head(C.trackStock),
        lowStockThreshold: wholeText(head(perStore('Low stock'))),
        option1Name: head(OPTION_NAMES[0]!),
        option2Name: head(OPTION_NAMES[1]!),
        option3Name: head(OPTION_NAMES[2]!),
      };
      return {
        productLine: records[0]!.line,
        rows: variants.map((record, k) => {
          const cell = header.reader(record);
          return rowOf(record.line, {
            ...(k === 0 ? product : {}),
            option1Value: cell(OPTION_VALUES[0]!),
            option2Value: cell(OPTION_VALUES[1]!),
            option3Value: cell(OPTION_VALUES[2]!),
            sku: cell(C.sku),
            barcode: cell(C.barcode),
            price: cell(perStore('Price')) || cell(C.defaultPrice),
            costPrice: cell(C.cost),
            stock: wholeText(cell(perStore('In stock'))),
          });
        }),
        imageUrls: [],
        problems: [],
      };
    });
    if (composites > 0)
      notes.push(
        composites > 1
          ? `${composites} articles composés\u00a0: ils sont importés comme des produits simples, sans leurs composants.`
          : '1 article composé\u00a0: il est importé comme un produit simple, sans ses composants.',
      );
    const labels: Partial<Record<Column, string>> = {
      name: C.name,
      description: C.description,
      status: perStore('Available for sale'),
      category: C.category,
      trackStock: C.trackStock,
      lowStockThreshold: perStore('Low stock'),
      option1Name: OPTION_NAMES[0],
      option1Value: OPTION_VALUES[0],
      option2Name: OPTION_NAMES[1],
      option2Value: OPTION_VALUES[1],
      option3Name: OPTION_NAMES[2],
      option3Value: OPTION_VALUES[2],
      sku: C.sku,
      barcode: C.barcode,
      price: header.has(perStore('Price')) ? perStore('Price') : C.defaultPrice,
      costPrice: C.cost,
      stock: perStore('In stock'),
    };
    return {
      groups,
      rejected: [],
      notes,
      label: (column) => (labels[column] ? header.title([labels[column]]) : COLUMNS[column]),
    };
  },
  readAmount: readPlatformAmount,
};
