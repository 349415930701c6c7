import { CURRENCIES, type CurrencyCode } from './countries';

const NBSP = '\u202f';

/** Money is an integer in the currency's minor unit; « 12 500 FCFA » for XOF. */
export function formatMoney(minorUnits: number, currency: string = 'XOF'): string {
  const info = CURRENCIES[currency as CurrencyCode] ?? CURRENCIES.XOF;
  const value = minorUnits / 10 ** info.minorDigits;
  const text = new Intl.NumberFormat('fr-FR', {
    minimumFractionDigits: info.minorDigits,
    maximumFractionDigits: info.minorDigits,
  }).format(value);
  // Intl puts a narrow no-break space between groups already; keep one before the symbol too.
  return `${text}${NBSP}${info.symbol}`;
}
