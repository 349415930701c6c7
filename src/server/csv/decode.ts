/** Windows-1252's 0x80–0x9F (€, ’, œ, …), where it differs from Latin-1; unassigned bytes stay as is. */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * The file's bytes as text: UTF-8, or Windows-1252 when it is not (Excel's « CSV » on Windows).
 * Node's TextDecoder may lack Windows-1252 (small-ICU builds read it as Latin-1), hence the table.
 */
export function decodeCsvFile(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1').replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
  }
}
