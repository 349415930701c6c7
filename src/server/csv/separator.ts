export type CsvSeparator = ';' | ',';

/**
 * French spreadsheets save with « ; » (the comma is their decimal mark); others with « , ». The
 * header line decides, its quoted titles aside; a tie (or a single column) reads as the French « ; ».
 */
export function detectSeparator(text: string): CsvSeparator {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted) {
      if (c === '\n' || c === '\r') break;
      if (c === ';') semicolons++;
      else if (c === ',') commas++;
    }
  }
  return commas > semicolons ? ',' : ';';
}
