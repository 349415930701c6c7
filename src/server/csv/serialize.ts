import { stringify } from 'csv-stringify/sync';
import type { CsvSeparator } from './separator';

/**
 * csv-stringify quotes fields holding the separator, a quote or the whole CRLF; a lone line break
 * or a space at either end also needs quotes, or a spreadsheet cuts the row or trims the cell.
 */
const ALSO_QUOTED = /[\r\n]|^\s|\s$/;

/** CSV lines (CRLF, as RFC 4180 and Excel expect), quoting only the fields that need it. */
export function serializeCsvRows(rows: ReadonlyArray<readonly string[]>, separator: CsvSeparator): string {
  return stringify(rows as string[][], {
    delimiter: separator,
    record_delimiter: '\r\n',
    quoted_match: ALSO_QUOTED,
  });
}

export function serializeCsvRow(fields: readonly string[], separator: CsvSeparator): string {
  return serializeCsvRows([fields], separator);
}
