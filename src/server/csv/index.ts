export { detectSeparator, type CsvSeparator } from './separator';
export { parseCsv, CsvSyntaxError, type CsvRecord } from './parse';
export { serializeCsvRow, serializeCsvRows } from './serialize';
export { guardFormula, unguardFormula } from './formula';
export { decodeCsvFile } from './decode';
export { currencyOf, formatCsvAmount, parseCsvAmount, type Currency } from './amounts';
export { phoneCellsFormatter, type PhoneCells } from './phone';
