import type { CountryCode } from 'libphonenumber-js';

export interface CountryInfo {
  code: CountryCode;
  name: string;
  /**
   * The calling code (« 221 »), written here so the sign-in page lists the countries without
   * libphonenumber's metadata; a unit test checks it against libphonenumber.
   */
  callingCode: string;
  currency: CurrencyCode;
  /** The capital's zone, proposed when the country is chosen. */
  timeZone: string;
  /** The other zones the country spans, offered right after its main one. */
  otherTimeZones?: string[];
}

export const CURRENCIES = {
  XOF: { code: 'XOF', label: 'Franc CFA (BCEAO)', symbol: 'FCFA', minorDigits: 0 },
  XAF: { code: 'XAF', label: 'Franc CFA (BEAC)', symbol: 'FCFA', minorDigits: 0 },
  GNF: { code: 'GNF', label: 'Franc guinéen', symbol: 'GNF', minorDigits: 0 },
  CDF: { code: 'CDF', label: 'Franc congolais', symbol: 'FC', minorDigits: 2 },
  MGA: { code: 'MGA', label: 'Ariary', symbol: 'Ar', minorDigits: 0 },
  MAD: { code: 'MAD', label: 'Dirham marocain', symbol: 'DH', minorDigits: 2 },
  TND: { code: 'TND', label: 'Dinar tunisien', symbol: 'DT', minorDigits: 3 },
  EUR: { code: 'EUR', label: 'Euro', symbol: '€', minorDigits: 2 },
  USD: { code: 'USD', label: 'Dollar américain', symbol: '$', minorDigits: 2 },
} as const;
export type CurrencyCode = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]];

/** Francophone Africa first; the first entry is the default for new shops. */
export const COUNTRIES: CountryInfo[] = [
  { code: 'SN', callingCode: '221', name: 'Sénégal', currency: 'XOF', timeZone: 'Africa/Dakar' },
  { code: 'CI', callingCode: '225', name: 'Côte d’Ivoire', currency: 'XOF', timeZone: 'Africa/Abidjan' },
  { code: 'ML', callingCode: '223', name: 'Mali', currency: 'XOF', timeZone: 'Africa/Bamako' },
  { code: 'BF', callingCode: '226', name: 'Burkina Faso', currency: 'XOF', timeZone: 'Africa/Ouagadougou' },
  { code: 'BJ', callingCode: '229', name: 'Bénin', currency: 'XOF', timeZone: 'Africa/Porto-Novo' },
  { code: 'TG', callingCode: '228', name: 'Togo', currency: 'XOF', timeZone: 'Africa/Lome' },
  { code: 'NE', callingCode: '227', name: 'Niger', currency: 'XOF', timeZone: 'Africa/Niamey' },
  { code: 'GN', callingCode: '224', name: 'Guinée', currency: 'GNF', timeZone: 'Africa/Conakry' },
  { code: 'CM', callingCode: '237', name: 'Cameroun', currency: 'XAF', timeZone: 'Africa/Douala' },
  { code: 'GA', callingCode: '241', name: 'Gabon', currency: 'XAF', timeZone: 'Africa/Libreville' },
  { code: 'CG', callingCode: '242', name: 'Congo', currency: 'XAF', timeZone: 'Africa/Brazzaville' },
  { code: 'TD', callingCode: '235', name: 'Tchad', currency: 'XAF', timeZone: 'Africa/Ndjamena' },
  {
    code: 'CD',
    callingCode: '243',
    name: 'RD Congo',
    currency: 'CDF',
    timeZone: 'Africa/Kinshasa',
    otherTimeZones: ['Africa/Lubumbashi'],
  },
  { code: 'MG', callingCode: '261', name: 'Madagascar', currency: 'MGA', timeZone: 'Indian/Antananarivo' },
  { code: 'MA', callingCode: '212', name: 'Maroc', currency: 'MAD', timeZone: 'Africa/Casablanca' },
  { code: 'TN', callingCode: '216', name: 'Tunisie', currency: 'TND', timeZone: 'Africa/Tunis' },
  { code: 'FR', callingCode: '33', name: 'France', currency: 'EUR', timeZone: 'Europe/Paris' },
];
export const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as [CountryCode, ...CountryCode[]];
export const DEFAULT_COUNTRY: CountryInfo = COUNTRIES[0]!;

export function findCountry(code: string): CountryInfo | undefined {
  return COUNTRIES.find((c) => c.code === code);
}
