import { CURRENCIES, type CurrencyCode } from '@/shared/countries';

/** Providers are paid in whole units of the currency; Comptoir counts in minor units. */
export function toProviderAmount(minorUnits: number, currency: string): number {
  const info = CURRENCIES[currency as CurrencyCode] ?? CURRENCIES.XOF;
  return minorUnits / 10 ** info.minorDigits;
}
