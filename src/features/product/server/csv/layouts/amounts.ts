import { parseCsvAmount, type Currency } from '@/server/csv';
import { formatMoney } from '@/shared/money';

/**
 * An amount from another platform's file, in display units, to our minor units. Shopify writes
 * « 12500.00 »; WooCommerce the shop's own decimal mark (« 3,5 »); a spreadsheet that opened the
 * file may have added thousands separators (« 12,500.00 », « 12.500,00 », « 12 500 »). So:
 * with both marks, the last one is the decimal mark and the other groups thousands; a mark
 * repeated (« 1.250.000 ») can only group thousands; a single mark is the decimal mark, as the
 * platforms write it. Groups must be of three digits, or the cell is refused rather than guessed.
 * The decimals then go through parseCsvAmount: zeros past the currency's digits are accepted
 * (« 12500.00 » in XOF), others refused — « 2,500 » in XOF is refused, with a word on why.
 */
export function readPlatformAmount(raw: string, currency: Currency): { value: number } | { error: string } {
  const text = raw
    .toLowerCase()
    .replaceAll(currency.symbol.toLowerCase(), '')
    .replaceAll(currency.code.toLowerCase(), '')
    .replace(/[\s\u00a0\u202f]/g, '');
  const marks = text.replace(/[^.,]/g, '');
  const grouping = marks.length > 1 ? marks[0]! : null;
  if (grouping) {
    const decimal = grouping === ',' ? '.' : ',';
    const grouped = new RegExp(`^\\d{1,3}(\\${grouping}\\d{3})+(\\${decimal}\\d*)?$`);
    if (!grouped.test(text)) return { error: `«\u00a0${raw}\u00a0» n’est pas un montant valide.` };
  }
  const source = grouping ? raw.replaceAll(grouping, '') : raw;
  const parsed = parseCsvAmount(source, currency);
  if ('value' in parsed) return parsed;
  if (currency.minorDigits === 0 && /^\d{1,3}[.,]\d{3}$/.test(text))
    return {
      error: `«\u00a0${raw}\u00a0»\u00a0: les montants en ${currency.code} n’ont pas de décimales. S’il s’agit de ${formatMoney(Number(text.replace(/[.,]/, '')), currency.code)}, écrivez-le sans séparateur.`,
    };
  return { error: parsed.error.replace(`«\u00a0${source}\u00a0»`, `«\u00a0${raw}\u00a0»`) };
}
