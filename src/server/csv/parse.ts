import { CsvError, parse } from 'csv-parse/sync';
import { detectSeparator, type CsvSeparator } from './separator';

export interface CsvRecord {
  /** The line of the file the record starts on (1 for the header), counting newlines in quoted fields. */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

const CR = 13;
const LF = 10;

/**
 * Records of a CSV text: optional BOM, « ; » or « , » chosen from the header line, quoted fields
 * with doubled quotes and line breaks, CRLF, LF or CR line ends, even mixed. Blank records (empty
 * lines, or the `;;;;` rows spreadsheets leave) are dropped. A quote inside an unquoted field, and
 * text after a closing quote, are kept rather than refused, as spreadsheets do; only a quote never
 * closed is an error, since it swallows the rest of the file.
 *
 * csv-parse splits the fields. Around it: the line each record starts on (spreadsheet users need
 * it to find their mistakes, and csv-parse's own count takes a CRLF inside quotes for two lines),
 * found from each field's end offset; and a field with text after its closing quote, which
 * csv-parse hands back with both quotes still in, read again from its bytes.
 */
export function parseCsv(input: string): { separator: CsvSeparator; records: CsvRecord[] } {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const separator = detectSeparator(text);
  const bytes = Buffer.from(text, 'utf8');
  const lineAt = lineCounter(bytes);
  // Blank lines are kept as records until the end, so every line break outside quotes ends one
  // and each field's start follows from the previous field's end.
  let fieldStart = 0;
  let recordLine = 1;
  const records: CsvRecord[] = [];
  try {
    parse(bytes, {
      delimiter: separator,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_quotes: true,
      relax_column_count: true,
      cast: (value, context) => {
        const start = fieldStart;
        const end = context.bytes;
        fieldStart = end + (bytes[end] === CR && bytes[end + 1] === LF ? 2 : end < bytes.length ? 1 : 0);
        if (context.index === 0) recordLine = lineAt(start);
        return context.quoting && value.startsWith('"')
          ? readQuoted(bytes.toString('utf8', start, end))
          : value;
      },
      on_record: (fields: string[]) => {
        if (fields.some((f) => f !== '')) records.push({ line: recordLine, fields });
        return null;
      },
    });
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED') {
      // The field csv-parse was reading when the file ended is the one whose quote never closed.
      const line = lineAt(fieldStart);
      throw new CsvSyntaxError(line, `Ligne ${line} : un guillemet ouvert n’est jamais refermé.`);
    }
    throw error;
  }
  return { separator, records };
}

/** The line of each offset, asked in increasing order: CRLF, LF and a lone CR each end one. */
function lineCounter(bytes: Buffer): (offset: number) => number {
  let line = 1;
  let scanned = 0;
  return (offset) => {
    for (; scanned < offset; scanned++) {
      const b = bytes[scanned];
      if (b === LF || (b === CR && bytes[scanned + 1] !== LF)) line++;
    }
    return line;
  };
}

/** A quoted field as written: what the quotes hold (doubled quotes undone), then any text after them. */
function readQuoted(raw: string): string {
  let value = '';
  for (let i = 1; ;) {
    const close = raw.indexOf('"', i);
    if (close === -1) return value + raw.slice(i);
    value += raw.slice(i, close);
    if (raw[close + 1] !== '"') return value + raw.slice(close + 1);
    value += '"';
    i = close + 2;
  }
}
