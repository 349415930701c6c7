import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * Returns the E.164 form of a phone typed in the shop's country, or null when it is not a valid
 * number. On the whole metadata: every country's numbers are checked. Formatting for display is
 * `formatPhone` (./phone-format.ts).
 */
export function toE164(input: string, defaultCountry: CountryCode = 'SN'): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), defaultCountry);
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}
