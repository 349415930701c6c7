import { parseCsvAmount, unguardFormula, type CsvRecord } from '@/server/csv';
import type { TImportMapping } from '../../../product-csv.schemas';
import { COLUMNS, COLUMN_KEYS, type Column } from '../columns';
import { readPlatformAmount } from './amounts';
import { Header, type ImportGroup, type ImportLayout, type LayoutReading, type Row } from './layout';

/**
 * Rows whose columns are our fields, one per variant, grouped by product: consecutive rows with
 * the same name (or an empty one, as in files where only a product's first row is named).
 */
function readByColumns(
  records: CsvRecord[],
  position: Partial<Record<Column, number>>,
  label: (column: Column) => string,
): LayoutReading {
  const groups: ImportGroup[] = [];
  let current: ImportGroup | null = null;
  let currentName = '';
  for (const record of records) {
    const row: Row = {
      line: record.line,
      cell: (column) => {
        const i = position[column];
        return i === undefined ? '' : unguardFormula(record.fields[i] ?? '').trim();
      },
    };
    const name = row.cell('name');
    if (current && (name === '' || name === currentName)) current.rows.push(row);
    else {
      current = { productLine: row.line, rows: [row], imageUrls: [], problems: [] };
      groups.push(current);
      currentName = name;
    }
  }
  return { groups, rejected: [], notes: [], label: (column) => label(column) };
}

/** Our own format: the export, the template. Every column must be there, in any order. */
export const standardLayout: ImportLayout = {
  id: 'standard',
  matches: (header) => COLUMN_KEYS.every((c) => header.has(COLUMNS[c])),
  read: (header, records) =>
    readByColumns(
      records,
      Object.fromEntries(COLUMN_KEYS.map((c) => [c, header.find(COLUMNS[c])])),
      (column) => COLUMNS[column],
    ),
  readAmount: parseCsvAmount,
};

/**
 * Any file, its columns given by the merchant (« Nom » ← « Désignation »…); fields left out read
 * as empty cells. Its amounts may come from anywhere, so they are read as a platform's are.
 */
export function mappedLayout(mapping: TImportMapping): ImportLayout {
  const fields = COLUMN_KEYS.filter((c) => mapping[c]);
  return {
    id: 'manual',
    matches: () => true,
    read: (header: Header, records) =>
      readByColumns(
        records,
        Object.fromEntries(fields.map((c) => [c, header.find(mapping[c]!)])),
        (column) => mapping[column] ?? COLUMNS[column],
      ),
    readAmount: readPlatformAmount,
  };
}
