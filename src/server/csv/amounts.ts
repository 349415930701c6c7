import { CURRENCIES } from '@/shared/countries';

export interface Currency {
  code: string;
  symbol: string;
  minorDigits: number;
}

export function currencyOf(shop: { currency: string }): Currency {
  const known = (CURRENCIES as Record<string, Currency | undefined>)[shop.currency];
  return known ?? { code: shop.currency, symbol: shop.currency, minorDigits: 0 };
}

/** Minor units to display units: « 12500 » in XOF, « 12,50 » (or « 12.50 » beside « , ») in EUR. */
export function formatCsvAmount(minor: number, minorDigits: number, decimalMark: ',' | '.'): string {
  if (minorDigits === 0) return String(minor);
  const scale = 10 ** minorDigits;
  return `${Math.floor(minor / scale)}${decimalMark}${String(minor % scale).padStart(minorDigits, '0')}`;
}

/**
 * Display units back to minor units, in integers so 0.1 + 0.2 never matters. Either decimal mark,
 * spaces between thousands, and the currency's symbol or code are accepted; extra decimals are
 * refused unless they are zeros (« 12,50 » stays a valid EUR price after Excel shows it « 12,500 »).
 */
export function parseCsvAmount(raw: string, currency: Currency): { value: number } | { error: string } {
  const symbol = currency.symbol.toLowerCase();
  const code = currency.code.toLowerCase();
  const cleaned = raw
    .toLowerCase()
    .replaceAll(symbol, '')
    .replaceAll(code, '')
    .replace(/[\s\u00a0\u202f]/g, '');
  const match = /^(\d*)(?:[.,](\d*))?$/.exec(cleaned);
  if (!match || (match[1] ?? '') + (match[2] ?? '') === '')
    return { error: `« ${raw} » n’est pas un montant valide.` };
  const units = match[1] || '0';
  const fraction = match[2] ?? '';
  if (/[^0]/.test(fraction.slice(currency.minorDigits)))
    return {
      error:
        currency.minorDigits === 0
          ? `Les montants en ${currency.code} n’ont pas de décimales (« ${raw} »).`
          : `« ${raw} » a trop de décimales : ${currency.minorDigits} au plus en ${currency.code}.`,
    };
  const minor = fraction.slice(0, currency.minorDigits).padEnd(currency.minorDigits, '0');
  return { value: Number(units) * 10 ** currency.minorDigits + Number(minor || '0') };
}
