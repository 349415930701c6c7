import { CsvSyntaxError, parseCsv, unguardFormula, type CsvRecord } from '@/server/csv';
import { Errors } from '@/server/http/errors';
import { normalizeForSearch } from '@/shared/search';
import { describeDetails } from '@/shared/validation';
import { COLUMNS, COLUMN_KEYS, CSV_MAX_BYTES, CSV_MAX_ROWS, type Column } from './columns';

/** A data row: the file line it starts on, and its cells by column, trimmed and without the formula guard. */
export interface Row {
  line: number;
  cell: (column: Column) => string;
}

function refuseFile(message: string): never {
  const details = { file: message };
  throw Errors.validation(details, describeDetails(details));
}

/** The rows of the file grouped by product: consecutive rows with the same Nom (or an empty one). */
export function readProductGroups(csvText: string): Row[][] {
  if (Buffer.byteLength(csvText, 'utf8') > CSV_MAX_BYTES)
    refuseFile('Le fichier dépasse la taille maximale de 10 Mo : découpez-le en plusieurs fichiers.');
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
      `Le fichier compte plus de ${CSV_MAX_ROWS.toLocaleString('fr-FR')} lignes : découpez-le en plusieurs fichiers.`,
    );
  // Columns are found by name (accents and case aside), so a file whose columns were moved still reads.
  const wanted = new Map(COLUMN_KEYS.map((c) => [normalizeForSearch(COLUMNS[c]), c]));
  const index = new Map<Column, number>();
  header.fields.forEach((title, i) => {
    const column = wanted.get(normalizeForSearch(title));
    if (column && !index.has(column)) index.set(column, i);
  });
  const missing = COLUMN_KEYS.filter((c) => !index.has(c)).map((c) => `« ${COLUMNS[c]} »`);
  if (missing.length)
    refuseFile(
      `${missing.length > 1 ? 'Colonnes manquantes' : 'Colonne manquante'} : ${missing.join(', ')}. ` +
        'Partez d’un fichier exporté pour avoir les bonnes colonnes.',
    );

  const groups: Row[][] = [];
  let current: Row[] | null = null;
  let currentName = '';
  for (const record of data) {
    const row: Row = {
      line: record.line,
      cell: (column) => unguardFormula(record.fields[index.get(column)!] ?? '').trim(),
    };
    const name = row.cell('name');
    // An empty Nom continues the product above, as in files where only its first row is named.
    if (current && (name === '' || name === currentName)) current.push(row);
    else {
      current = [row];
      groups.push(current);
      currentName = name;
    }
  }
  return groups;
}
