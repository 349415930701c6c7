import { describe, expect, it } from 'vitest';
import {
  CsvSyntaxError,
  decodeCsvFile,
  formatCsvAmount,
  parseCsv,
  parseCsvAmount,
  phoneCellsFormatter,
  serializeCsvRow,
} from '@/server/csv';

const fieldsOf = (text: string) => parseCsv(text).records.map((r) => r.fields);

describe('parseCsv', () => {
  it('reads « ; » files, with or without a BOM, CRLF or LF', () => {
    expect(fieldsOf('\uFEFFNom;Prix\r\nThé;500\r\n')).toEqual([
      ['Nom', 'Prix'],
      ['Thé', '500'],
    ]);
    expect(fieldsOf('Nom;Prix\nThé;500')).toEqual([
      ['Nom', 'Prix'],
      ['Thé', '500'],
    ]);
    expect(parseCsv('Nom;Prix\n').separator).toBe(';');
  });

  it('picks « , » when the header line uses it, ignoring commas inside quotes', () => {
    const parsed = parseCsv('Nom,"Prix; TTC",Stock\n"Thé, vert","12,50",3\n');
    expect(parsed.separator).toBe(',');
    expect(parsed.records.map((r) => r.fields)).toEqual([
      ['Nom', 'Prix; TTC', 'Stock'],
      ['Thé, vert', '12,50', '3'],
    ]);
    // A header with as many of each, or neither, reads as « ; », the French default.
    expect(parseCsv('a;b,c\n').separator).toBe(';');
    expect(parseCsv('Nom\n').separator).toBe(';');
  });

  it('reads quoted fields: doubled quotes, separators and line breaks inside', () => {
    expect(fieldsOf('a;b\n"dit ""oui""";"x;y"\n"ligne 1\r\nligne 2";z\n')).toEqual([
      ['a', 'b'],
      ['dit "oui"', 'x;y'],
      ['ligne 1\r\nligne 2', 'z'],
    ]);
  });

  it('numbers each record by the file line it starts on, counting line breaks in quoted fields', () => {
    const { records } = parseCsv('h1;h2\n"a\nb\nc";1\n\nd;2\r\ne;3');
    expect(records.map((r) => [r.line, r.fields[0]])).toEqual([
      [1, 'h1'],
      [2, 'a\nb\nc'],
      [6, 'd'],
      [7, 'e'],
    ]);
  });

  it('keeps empty fields, drops blank lines and rows of empty cells', () => {
    expect(fieldsOf('a;b;c\n;;\n\n1;;\n;2;\n;;3')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', ''],
      ['', '2', ''],
      ['', '', '3'],
    ]);
  });

  it('keeps a quote inside an unquoted field, and text after a closing quote', () => {
    expect(fieldsOf('a;b\n5" écran;"abc"def\n')).toEqual([
      ['a', 'b'],
      ['5" écran', 'abcdef'],
    ]);
  });

  it('refuses a quote never closed, naming the line it opens on', () => {
    let error: unknown;
    try {
      parseCsv('a;b\n1;2\n"ouvert;3\n4;5\n');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CsvSyntaxError);
    expect((error as CsvSyntaxError).line).toBe(3);
    expect((error as CsvSyntaxError).message).toContain('Ligne 3');
  });

  it('reads back what serializeCsvRow writes', () => {
    const rows = [
      ['Nom', 'Description', 'Prix'],
      ['Boubou "royal"', '<p>Coton;\nbrodé</p>', '12,50'],
      ['  espaces  ', '', 'a,b'],
    ];
    for (const separator of [';', ','] as const) {
      const text = rows.map((r) => serializeCsvRow(r, separator)).join('');
      expect(parseCsv(text).separator).toBe(separator);
      expect(fieldsOf(text)).toEqual(rows);
    }
  });
});

describe('serializeCsvRow', () => {
  it('quotes only what needs it, and ends lines with CRLF', () => {
    expect(serializeCsvRow(['a', 'b c', 'd;e', 'f"g', 'h\ni', '1,5'], ';')).toBe(
      'a;b c;"d;e";"f""g";"h\ni";1,5\r\n',
    );
    expect(serializeCsvRow(['1,5', 'x;y'], ',')).toBe('"1,5",x;y\r\n');
  });
});

describe('amounts', () => {
  const XOF = { code: 'XOF', symbol: 'FCFA', minorDigits: 0 };
  const EUR = { code: 'EUR', symbol: '€', minorDigits: 2 };
  const TND = { code: 'TND', symbol: 'DT', minorDigits: 3 };

  it('formats minor units in display units', () => {
    expect(formatCsvAmount(12500, 0, ',')).toBe('12500');
    expect(formatCsvAmount(1250, 2, ',')).toBe('12,50');
    expect(formatCsvAmount(1205, 2, '.')).toBe('12.05');
    expect(formatCsvAmount(7, 2, ',')).toBe('0,07');
    expect(formatCsvAmount(12345, 3, ',')).toBe('12,345');
  });

  it('reads display units back, with either decimal mark, spaces and the currency', () => {
    expect(parseCsvAmount('12500', XOF)).toEqual({ value: 12500 });
    expect(parseCsvAmount('12 500 FCFA', XOF)).toEqual({ value: 12500 });
    expect(parseCsvAmount('12500,00', XOF)).toEqual({ value: 12500 });
    expect(parseCsvAmount('12,50', EUR)).toEqual({ value: 1250 });
    expect(parseCsvAmount('12.5', EUR)).toEqual({ value: 1250 });
    expect(parseCsvAmount('12 €', EUR)).toEqual({ value: 1200 });
    expect(parseCsvAmount(',99', EUR)).toEqual({ value: 99 });
    expect(parseCsvAmount('1,234', TND)).toEqual({ value: 1234 });
    // 0.1 + 0.2: integers all the way.
    expect(parseCsvAmount('0,29', EUR)).toEqual({ value: 29 });
  });

  it('refuses text and decimals the currency does not have', () => {
    expect(parseCsvAmount('abc', XOF)).toEqual({ error: '« abc » n’est pas un montant valide.' });
    expect(parseCsvAmount('-5', XOF)).toHaveProperty('error');
    expect(parseCsvAmount('1,2,3', EUR)).toHaveProperty('error');
    expect(parseCsvAmount(',', EUR)).toHaveProperty('error');
    expect(parseCsvAmount('12,5', XOF)).toEqual({
      error: 'Les montants en XOF n’ont pas de décimales (« 12,5 »).',
    });
    expect(parseCsvAmount('12,505', EUR)).toEqual({
      error: '« 12,505 » a trop de décimales : 2 au plus en EUR.',
    });
  });
});

describe('decodeCsvFile', () => {
  it('reads UTF-8, keeping the BOM for the parser to drop', () => {
    const bytes = Buffer.from('\uFEFFCatégorie;Étiquettes\n', 'utf8');
    expect(decodeCsvFile(bytes)).toBe('\uFEFFCatégorie;Étiquettes\n');
    expect(fieldsOf(decodeCsvFile(bytes))).toEqual([['Catégorie', 'Étiquettes']]);
  });

  it('falls back to Windows-1252, as Excel saves « CSV » on Windows', () => {
    const bytes = Buffer.from([0x43, 0x61, 0x74, 0xe9, 0x67, 0x6f, 0x72, 0x69, 0x65, 0x3b, 0x80]);
    expect(decodeCsvFile(bytes)).toBe('Catégorie;€');
  });
});

describe('phoneCellsFormatter', () => {
  it('writes a phone as its country does, the calling code apart and guarded like any « + » cell', () => {
    const phone = phoneCellsFormatter(2);
    expect(phone('+221772146740')).toEqual({ national: '77 214 67 40', countryCode: '221' });
    expect(phone('+33612345678')).toEqual({ national: '06 12 34 56 78', countryCode: '33' });
    expect(phone(null)).toEqual({ national: '', countryCode: '' });
    // Not a phone libphonenumber knows (a row written before validation): kept, guarded.
    expect(phone('+0')).toEqual({ national: "'+0", countryCode: '' });
    // Kept while the bound allows, then forgotten: the same cells either way.
    expect(phone('+221772146740')).toEqual({ national: '77 214 67 40', countryCode: '221' });
  });
});
