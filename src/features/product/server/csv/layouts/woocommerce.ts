import type { CsvRecord } from '@/server/csv';
import { dayjs } from '@/shared/dayjs';
import type { CsvImportError } from '../../../product-csv.schemas';
import { COLUMNS, type Column } from '../columns';
import { readPlatformAmount } from './amounts';
import {
  distinctUrls,
  gramsText,
  rowOf,
  textToHtml,
  wholeText,
  type ImportGroup,
  type ImportLayout,
} from './layout';

/**
 * WooCommerce's product CSV (Produits › Exporter), whose headers follow the site's language:
 * each column by its English and French names, as WooCommerce's own exporter writes them.
 */
const C = {
  id: ['ID'],
  type: ['Type'],
  sku: ['SKU', 'UGS'],
  barcode: ['GTIN, UPC, EAN, or ISBN', 'GTIN, UPC, EAN ou ISBN'],
  name: ['Name', 'Nom'],
  published: ['Published', 'Publié'],
  shortDescription: ['Short description', 'Description courte'],
  description: ['Description'],
  saleStarts: ['Date sale price starts', 'Date de début de promo'],
  saleEnds: ['Date sale price ends', 'Date de fin de promo'],
  stock: ['Stock'],
  lowStock: ['Low stock amount', 'Montant de stock faible'],
  weightKg: ['Weight (kg)', 'Poids (kg)'],
  weightG: ['Weight (g)', 'Poids (g)'],
  salePrice: ['Sale price', 'Tarif promo'],
  regularPrice: ['Regular price', 'Tarif régulier'],
  categories: ['Categories', 'Catégories'],
  tags: ['Tags', 'Étiquettes'],
  images: ['Images'],
  parent: ['Parent'],
};
const attributeName = (i: number) => [`Attribute ${i} name`, `Nom de l’attribut ${i}`];
const attributeValue = (i: number) => [`Attribute ${i} value(s)`, `Valeur(s) de l’attribut ${i}`];

/** WooCommerce's lists: « a, b », a comma inside a value written « \, ». */
function splitList(cell: string): string[] {
  return cell
    .split(/(?<!\\),/)
    .map((v) => v.replace(/\\,/g, ',').trim())
    .filter(Boolean);
}

/** Its descriptions: line breaks written « \n » (a real « \n » as « \\n »), HTML or plain text. */
function descriptionHtml(cell: string): string {
  return textToHtml(cell.replace(/\\\\n|\\n/g, (m) => (m === '\\n' ? '\n' : '\\n')));
}

/** The sale price applies today: no dates, or today between them. */
function saleIsOn(starts: string, ends: string): boolean {
  const today = dayjs();
  if (starts && dayjs(starts).isValid() && dayjs(starts).isAfter(today)) return false;
  if (ends && dayjs(ends).isValid() && dayjs(ends).endOf('day').isBefore(today)) return false;
  return true;
}

interface Parsed {
  record: CsvRecord;
  cell: (...names: string[]) => string;
  type: string;
}

const problem = (row: number, field: string, message: string): CsvImportError => ({ row, field, message });

export const wooCommerceLayout: ImportLayout = {
  id: 'woocommerce',
  matches: (header) => header.has(...C.type) && header.has(...C.name) && header.has(...C.regularPrice),
  read: (header, records) => {
    const title = (names: string[]) => header.title(names);
    const rows: Parsed[] = records.map((record) => {
      const cell = header.reader(record);
      return { record, cell, type: (splitList(cell(...C.type))[0] ?? '').toLowerCase() };
    });
    const rejected: CsvImportError[] = [];
    const notes: string[] = [];
    let manyCategories = 0;
    const saleLines = new Set<number>();
    const weightColumn = header.has(...C.weightKg) ? C.weightKg : C.weightG;
    const gramsPerUnit = header.has(...C.weightKg) ? 1000 : 1;

    // Parents first: a variation names its parent by « id:123 » or by the parent's SKU.
    const parents = new Map<string, { parent: Parsed; variations: Parsed[] }>();
    for (const row of rows.filter((r) => r.type === 'variable')) {
      const entry = { parent: row, variations: [] as Parsed[] };
      if (row.cell(...C.id)) parents.set(`id:${row.cell(...C.id)}`, entry);
      if (row.cell(...C.sku)) parents.set(row.cell(...C.sku), entry);
    }
    for (const row of rows) {
      if (row.type === 'simple' || row.type === 'variable') continue;
      const line = row.record.line;
      if (row.type === 'variation') {
        const ref = row.cell(...C.parent);
        const entry = parents.get(ref.replace(/^id:\s*/i, 'id:'));
        if (entry) entry.variations.push(row);
        else
          rejected.push(
            problem(
              line,
              title(C.parent),
              ref
                ? `Le produit parent «\u00a0${ref}\u00a0» de cette variation n’est pas dans le fichier.`
                : 'Cette variation n’indique pas son produit parent.',
            ),
          );
      } else
        rejected.push(
          problem(
            line,
            title(C.type),
            row.type === 'grouped'
              ? 'Les produits groupés ne sont pas importés\u00a0: importez chacun de leurs produits.'
              : row.type === 'external'
                ? 'Les produits externes (affiliés) ne sont pas importés.'
                : `Type de produit inconnu\u00a0: «\u00a0${row.cell(...C.type)}\u00a0» (simple, variable ou variation).`,
          ),
        );
    }

    const groups: ImportGroup[] = [];
    const byParent = new Map([...parents.values()].map((e) => [e.parent, e]));
    for (const head of rows.filter((r) => r.type === 'simple' || r.type === 'variable')) {
      const variations = head.type === 'variable' ? (byParent.get(head)?.variations ?? []) : [head];
      const productLine = head.record.line;
      if (variations.length === 0) {
        rejected.push(
          problem(productLine, title(C.type), 'Ce produit variable n’a aucune variation dans le fichier.'),
        );
        continue;
      }
      const problems: CsvImportError[] = [];
      // Options: the attributes the variations set, in the order the parent lists them.
      const attributesOf = (row: Parsed) => {
        const pairs: Array<{ name: string; value: string; column: string }> = [];
        for (let i = 1; header.has(...attributeName(i)); i++)
          if (row.cell(...attributeName(i)))
            pairs.push({
              name: row.cell(...attributeName(i)),
              value: row.cell(...attributeValue(i)),
              column: title(attributeValue(i)),
            });
        return pairs;
      };
      const optionNames: string[] = [];
      if (head.type === 'variable') {
        const used = new Set(variations.flatMap((v) => attributesOf(v).map((a) => a.name.toLowerCase())));
        for (const a of [...attributesOf(head), ...variations.flatMap(attributesOf)])
          if (
            used.has(a.name.toLowerCase()) &&
            !optionNames.some((n) => n.toLowerCase() === a.name.toLowerCase())
          )
            optionNames.push(a.name);
        if (optionNames.length > 3)
          problems.push(
            problem(
              productLine,
              title(attributeName(4)),
              `Un produit a au plus 3 options\u00a0: celui-ci en a ${optionNames.length}.`,
            ),
          );
      }
      const categories = splitList(head.cell(...C.categories));
      if (categories.length > 1) manyCategories++;
      const tracked = [head, ...variations].some(
        (r) => r.cell(...C.stock) && r.cell(...C.stock) !== 'parent',
      );
      const product: Partial<Record<Column, string>> = {
        name: head.cell(...C.name),
        description: descriptionHtml(head.cell(...C.description) || head.cell(...C.shortDescription)),
        status:
          { '1': 'active', '0': 'draft', '-1': 'draft' }[head.cell(...C.published)] ??
          head.cell(...C.published),
        category: categories[0] ?? '',
        tags: splitList(head.cell(...C.tags)).join(', '),
        trackStock: tracked ? 'oui' : 'non',
        lowStockThreshold: head.cell(...C.lowStock),
        weightGrams: gramsText(head.cell(...weightColumn), gramsPerUnit),
        ...Object.fromEntries(optionNames.slice(0, 3).map((n, i) => [`option${i + 1}Name`, n])),
      };
      const variantRows = variations.map((row, k) => {
        const line = row.record.line;
        const values = attributesOf(row);
        const optionValues = optionNames.slice(0, 3).map((name) => {
          const found = values.find((a) => a.name.toLowerCase() === name.toLowerCase());
          if (!found?.value)
            problems.push(
              problem(
                line,
                found?.column ?? title(attributeValue(1)),
                `Cette variation vaut pour toutes les valeurs de «\u00a0${name}\u00a0»\u00a0: ici, chaque variante a une valeur précise par option.`,
              ),
            );
          return found?.value ?? '';
        });
        const regular = row.cell(...C.regularPrice);
        const sale = row.cell(...C.salePrice);
        const onSale = sale !== '' && saleIsOn(row.cell(...C.saleStarts), row.cell(...C.saleEnds));
        if (onSale) saleLines.add(line);
        const stock = row.cell(...C.stock) === 'parent' ? '' : wholeText(row.cell(...C.stock));
        return rowOf(line, {
          ...(k === 0 ? product : {}),
          ...Object.fromEntries(optionValues.map((v, i) => [`option${i + 1}Value`, v])),
          sku: row.cell(...C.sku),
          barcode: row.cell(...C.barcode),
          price: onSale ? sale : regular,
          compareAtPrice: onSale ? regular : '',
          stock,
        });
      });
      groups.push({
        productLine,
        rows: variantRows,
        imageUrls: distinctUrls(
          [head, ...(head.type === 'variable' ? variations : [])].flatMap((r) =>
            splitList(r.cell(...C.images)),
          ),
        ),
        problems,
      });
    }
    if (manyCategories > 0)
      notes.push(
        manyCategories > 1
          ? `${manyCategories} produits ont plusieurs catégories\u00a0: seule la première de chacun est reprise.`
          : '1 produit a plusieurs catégories\u00a0: seule la première est reprise.',
      );
    const labels: Partial<Record<Column, string>> = {
      name: title(C.name),
      description: title(C.description),
      status: title(C.published),
      category: title(C.categories),
      tags: title(C.tags),
      trackStock: title(C.stock),
      lowStockThreshold: title(C.lowStock),
      weightGrams: title(weightColumn),
      option1Name: title(attributeName(1)),
      option1Value: title(attributeValue(1)),
      option2Name: title(attributeName(2)),
      option2Value: title(attributeValue(2)),
      option3Name: title(attributeName(3)),
      option3Value: title(attributeValue(3)),
      sku: title(C.sku),
      barcode: title(C.barcode),
      price: title(C.regularPrice),
      compareAtPrice: title(C.regularPrice),
      stock: title(C.stock),
    };
    return {
      groups,
      rejected,
      notes,
      label: (column, line) =>
        column === 'price' && saleLines.has(line) ? title(C.salePrice) : (labels[column] ?? COLUMNS[column]),
    };
  },
  readAmount: readPlatformAmount,
};
