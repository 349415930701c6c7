import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** Returns the E.164 form of a phone typed in the shop's country, or null when it is not a valid number. */
export function toE164(input: string, defaultCountry: CountryCode = 'SN'): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), defaultCountry);
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}

/** « +221 77 000 00 01 » for display. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
