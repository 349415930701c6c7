import type { CsvRecord } from '@/server/csv';
import { COLUMNS, type Column } from '../columns';
import { readPlatformAmount } from './amounts';
import {
  distinctUrls,
  gramsText,
  groupByKey,
  rowOf,
  wholeText,
  type Header,
  type ImportGroup,
  type ImportLayout,
} from './layout';

/** Shopify's product CSV (Admin › Produits › Exporter), as its help centre documents it. */
const C = {
  handle: 'Handle',
  title: 'Title',
  body: 'Body (HTML)',
  productCategory: 'Product Category',
  type: 'Type',
  tags: 'Tags',
  published: 'Published',
  status: 'Status',
  sku: 'Variant SKU',
  grams: 'Variant Grams',
  tracker: 'Variant Inventory Tracker',
  quantity: 'Variant Inventory Qty',
  price: 'Variant Price',
  compareAtPrice: 'Variant Compare At Price',
  barcode: 'Variant Barcode',
  imageSrc: 'Image Src',
  variantImage: 'Variant Image',
  cost: 'Cost per item',
};
const OPTION_NAMES = ['Option1 Name', 'Option2 Name', 'Option3 Name'];
const OPTION_VALUES = ['Option1 Value', 'Option2 Value', 'Option3 Value'];
/** The cells that make a row a variant; a row of its handle without any is an extra image. */
const VARIANT_CELLS = [...OPTION_VALUES, C.sku, C.price, C.compareAtPrice, C.barcode, C.quantity, C.cost];

function statusOf(cell: (name: string) => string, header: Header): string {
  const status = cell(C.status);
  if (status) return status; // active, draft, archived: our words too
  if (!header.has(C.published)) return '';
  return cell(C.published).toLowerCase() === 'true' ? 'active' : 'draft';
}

export const shopifyLayout: ImportLayout = {
  id: 'shopify',
  matches: (header) => header.has(C.handle) && header.has(C.title) && header.has(C.price),
  read: (header, records) => {
    const rejected = [];
    const handled: CsvRecord[] = [];
    for (const record of records) {
      if (header.reader(record)(C.handle)) handled.push(record);
      else
        rejected.push({
          row: record.line,
          field: header.title([C.handle]),
          message: 'Cette ligne n’a pas de Handle\u00a0: Shopify en donne un à chaque ligne du produit.',
        });
    }
    const groups: ImportGroup[] = groupByKey(handled, (r) => header.reader(r)(C.handle)).map((records) => {
      const head = header.reader(records[0]!);
      // A product without variants is written with one option « Title » = « Default Title ».
      const isDefaultTitle =
        head(OPTION_NAMES[0]!) === 'Title' && head(OPTION_VALUES[0]!) === 'Default Title';
      const variants = records.filter((r, k) => k === 0 || VARIANT_CELLS.some((c) => header.reader(r)(c)));
      const product: Partial<Record<Column, string>> = {
        name: head(C.title),
        description: head(C.body),
        status: statusOf(head, header),
        category: head(C.productCategory) || head(C.type),
        tags: head(C.tags),
        trackStock: header.has(C.tracker) ? (head(C.tracker) ? 'oui' : 'non') : '',
        weightGrams: gramsText(head(C.grams), 1),
      };
      if (!isDefaultTitle) {
        product.option1Name = head(OPTION_NAMES[0]!);
        product.option2Name = head(OPTION_NAMES[1]!);
        product.option3Name = head(OPTION_NAMES[2]!);
      }
      return {
        productLine: records[0]!.line,
        rows: variants.map((record, k) => {
          const cell = header.reader(record);
          return rowOf(record.line, {
            ...(k === 0 ? product : { option1Name: '', option2Name: '', option3Name: '' }),
            ...(isDefaultTitle
              ? {}
              : {
                  option1Value: cell(OPTION_VALUES[0]!),
                  option2Value: cell(OPTION_VALUES[1]!),
                  option3Value: cell(OPTION_VALUES[2]!),
                }),
            sku: cell(C.sku),
            barcode: cell(C.barcode),
            price: cell(C.price),
            compareAtPrice: cell(C.compareAtPrice),
            costPrice: cell(C.cost),
            stock: wholeText(cell(C.quantity)),
          });
        }),
        imageUrls: distinctUrls(
          records.flatMap((r) => [header.reader(r)(C.imageSrc), header.reader(r)(C.variantImage)]),
        ),
        problems: [],
      };
    });
    const labels: Partial<Record<Column, string>> = {
      name: C.title,
      description: C.body,
      status: header.has(C.status) ? C.status : C.published,
      category: header.has(C.productCategory) ? C.productCategory : C.type,
      tags: C.tags,
      trackStock: C.tracker,
      weightGrams: C.grams,
      option1Name: OPTION_NAMES[0],
      option1Value: OPTION_VALUES[0],
      option2Name: OPTION_NAMES[1],
      option2Value: OPTION_VALUES[1],
      option3Name: OPTION_NAMES[2],
      option3Value: OPTION_VALUES[2],
      sku: C.sku,
      barcode: C.barcode,
      price: C.price,
      compareAtPrice: C.compareAtPrice,
      costPrice: C.cost,
      stock: C.quantity,
    };
    return { groups, rejected, notes: [], label: (column) => labels[column] ?? COLUMNS[column] };
  },
  readAmount: readPlatformAmount,
};
