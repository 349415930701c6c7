import { CsvSyntaxError, parseCsv, type CsvRecord } from '@/server/csv';
import { Errors } from '@/server/http/errors';
import { describeDetails } from '@/shared/validation';
import {
  IMPORT_LAYOUT_LABELS,
  PRODUCT_CSV_FIELDS,
  PRODUCT_CSV_COLUMNS,
  type CsvInspection,
  type ImportLayoutId,
  type TImportMapping,
} from '../../product-csv.schemas';
import { CSV_MAX_BYTES, CSV_MAX_ROWS } from './columns';
import { detectLayout, Header, mappedLayout, ownColumnsMissing, suggestMapping } from './layouts';
import type { AmountReader, LayoutReading } from './layouts/layout';

export type { ImportGroup, Row } from './layouts';

/** A file read by its layout: its products in our terms, ready for the plan. */
export interface ImportFile extends LayoutReading {
  layout: ImportLayoutId;
  readAmount: AmountReader;
}

function refuseFile(message: string): never {
  const details = { file: message };
  throw Errors.validation(details, describeDetails(details));
}

function readRecords(csvText: string): { header: Header; data: CsvRecord[] } {
  if (Buffer.byteLength(csvText, 'utf8') > CSV_MAX_BYTES)
    refuseFile('Le fichier dépasse la taille maximale de 10 Mo\u00a0: découpez-le en plusieurs fichiers.');
  let records: CsvRecord[];
  try {
    records = parseCsv(csvText).records;
  } catch (error) {
    if (error instanceof CsvSyntaxError) refuseFile(error.message);
    throw error;
  }
  const [header, ...data] = records;
  if (!header) refuseFile('Le fichier est vide.');
  if (data.length > CSV_MAX_ROWS)
    refuseFile(
      `Le fichier compte plus de ${CSV_MAX_ROWS.toLocaleString('fr-FR')} lignes\u00a0: découpez-le en plusieurs fichiers.`,
    );
  return { header: new Header(header.fields), data };
}

/** Each mapped column must be one of the file's: a 422 naming the field, in French, otherwise. */
function checkMapping(header: Header, mapping: TImportMapping): void {
  const details: Record<string, string> = {};
  for (const field of PRODUCT_CSV_FIELDS) {
    const column = mapping[field];
    if (column && !header.has(column))
      details[`mapping.${field}`] = `La colonne «\u00a0${column}\u00a0» n’est pas dans le fichier.`;
  }
  const [first] = Object.entries(details);
  if (first) {
    const field = first[0].slice('mapping.'.length) as keyof typeof PRODUCT_CSV_COLUMNS;
    throw Errors.validation(
      details,
      `${PRODUCT_CSV_COLUMNS[field]}\u00a0: ${first[1].charAt(0).toLowerCase()}${first[1].slice(1)}`,
    );
  }
}

/**
 * The file's products, read by the layout its header is (our own, Shopify, Loyverse, WooCommerce),
 * or by the merchant's mapping when one is given. A header no layout reads is refused whole: the
 * dialog then asks for a mapping.
 */
export function readImportFile(csvText: string, mapping?: TImportMapping): ImportFile {
  const { header, data } = readRecords(csvText);
  if (mapping) checkMapping(header, mapping);
  const layout = mapping ? mappedLayout(mapping) : detectLayout(header);
  if (!layout) {
    const missing = ownColumnsMissing(header).map((c) => `«\u00a0${c}\u00a0»`);
    refuseFile(
      missing.length
        ? `${missing.length > 1 ? 'Colonnes manquantes' : 'Colonne manquante'}\u00a0: ${missing.join(', ')}. ` +
            'Associez les colonnes du fichier à nos champs, ou partez du modèle à télécharger.'
        : `Ce fichier n’a les colonnes d’aucun format connu (${(
            ['standard', 'shopify', 'loyverse', 'woocommerce'] as const
          )
            .map((id) => IMPORT_LAYOUT_LABELS[id])
            .join(', ')})\u00a0: associez ses colonnes à nos champs.`,
    );
  }
  return { layout: layout.id, readAmount: layout.readAmount, ...layout.read(header, data) };
}

/** What the dialog needs before a preview: the layout recognised, or the columns to map. */
export function inspectImportFile(csvText: string): CsvInspection {
  const { header } = readRecords(csvText);
  const layout = detectLayout(header);
  return {
    layout: layout?.id ?? null,
    columns: header.titles.map((t) => t.trim()).filter(Boolean),
    suggestedMapping: layout ? {} : suggestMapping(header),
  };
}
