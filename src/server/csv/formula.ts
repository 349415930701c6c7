/**
 * A spreadsheet runs a cell starting with = + - @ as a formula, so a product named « =HYPERLINK(…) »
 * by one agent would run on the computer of whoever opens the export: such cells get a leading
 * apostrophe (OWASP's advice), which the import takes off again so the round trip is exact.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function guardFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

export function unguardFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}
