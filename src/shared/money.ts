import { CURRENCIES, type CurrencyCode } from './countries';
import { formatNumber } from './numbers';

const NBSP = '\u202f';

/** Money is an integer in the currency's minor unit; « 12 500 FCFA » for XOF. */
export function formatMoney(minorUnits: number, currency: string = 'XOF'): string {
  const info = CURRENCIES[currency as CurrencyCode] ?? CURRENCIES.XOF;
  const value = minorUnits / 10 ** info.minorDigits;
  const text = formatNumber(value, {
    minFractionDigits: info.minorDigits,
    maxFractionDigits: info.minorDigits,
  });
  // The groups are parted by a narrow no-break space already; one more before the symbol.
  return `${text}${NBSP}${info.symbol}`;
}

/** The amount in the currency's main unit, as schema.org and payment providers write it (« 12.5 »). */
export function toMajorUnits(minorUnits: number, currency: string = 'XOF'): number {
  const info = CURRENCIES[currency as CurrencyCode] ?? CURRENCIES.XOF;
  return minorUnits / 10 ** info.minorDigits;
}

/** The currency as a field's label names it: « FCFA » for XOF. */
export function currencyLabel(currency: string): string {
  return (CURRENCIES[currency as CurrencyCode] ?? CURRENCIES.XOF).symbol;
}

/** What a price field shows for an amount: « 12500 » for XOF, « 12,50 » for EUR. */
export function moneyInputValue(minorUnits: number | null | undefined, currency: string = 'XOF'): string {
  if (minorUnits === null || minorUnits === undefined) return '';
  const info = CURRENCIES[currency as CurrencyCode] ?? CURRENCIES.XOF;
  return (minorUnits / 10 ** info.minorDigits).toFixed(info.minorDigits).replace('.', ',');
}

/** A typed price back to minor units; null when empty or not a number (spaces and « , » accepted). */
export function parseMoneyInput(text: string, currency: string = 'XOF'): number | null {
  const cleaned = text.replace(/[\s\u202f\u00a0]/g, '').replace(',', '.');
  if (!cleaned || !/^\d+(\.\d+)?$/.test(cleaned)) return null;
  const info = CURRENCIES[currency as CurrencyCode] ?? CURRENCIES.XOF;
  return Math.round(Number(cleaned) * 10 ** info.minorDigits);
}
