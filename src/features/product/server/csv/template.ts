import { currencyOf, formatCsvAmount, serializeCsvRows, type CsvSeparator } from '@/server/csv';
import type { ShopRow } from '@/features/shop/server/shop.repository';
import { COLUMN_KEYS, PRODUCT_CSV_HEADERS, type Column } from './columns';

/**
 * The import's template: our headers and three example rows (a product in two sizes, then one
 * without options), amounts in the shop's currency as the export writes them — a file the
 * import reads as it is, to fill in or to copy from.
 */
export function productCsvTemplate(shop: ShopRow, separator: CsvSeparator = ';'): string {
  const currency = currencyOf(shop);
  const decimalMark = separator === ';' ? ',' : '.';
  // Amounts that look like prices in the currency: francs have no cents, euros are smaller.
  const unit = currency.minorDigits === 0 ? 100 : 10 ** currency.minorDigits / 10;
  const amount = (value: number) => formatCsvAmount(value * unit, currency.minorDigits, decimalMark);
  const boubou: Partial<Record<Column, string>> = {
    name: 'Boubou brodé',
    option1Name: 'Taille',
    sku: 'BOUBOU-M',
  };
  const rows: Array<Partial<Record<Column, string>>> = [
    {
      ...boubou,
      description: '<p>Coton, brodé à la main.</p>',
      status: 'Actif',
      category: 'Vêtements > Boubous',
      tags: 'coton, fête',
      trackStock: 'Oui',
      lowStockThreshold: '2',
      weightGrams: '450',
      option1Value: 'M',
      price: amount(125),
      compareAtPrice: amount(150),
      costPrice: amount(70),
      stock: '5',
    },
    { ...boubou, option1Value: 'L', sku: 'BOUBOU-L', price: amount(135), stock: '3' },
    {
      name: 'Café Touba 250 g',
      status: 'Actif',
      category: 'Épicerie',
      trackStock: 'Oui',
      sku: 'CAFE-250',
      barcode: '2000000000008',
      price: amount(15),
      costPrice: amount(9),
      stock: '20',
    },
  ];
  return (
    '\uFEFF' +
    serializeCsvRows(
      [PRODUCT_CSV_HEADERS, ...rows.map((row) => COLUMN_KEYS.map((c) => row[c] ?? ''))],
      separator,
    )
  );
}
