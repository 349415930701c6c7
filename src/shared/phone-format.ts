import { parsePhoneNumberFromString, type CountryCode, type MetadataJson } from 'libphonenumber-js/core';
import metadataJson from './phone-metadata.json';

/*
 * Phones as people read them, from libphonenumber's metadata for the countries the app shows
 * phones from only (scripts/phone-metadata.ts): many back-office pages show phones, and the whole
 * metadata would weigh 16 KB compressed on each. Checking a phone someone typed stays with
 * `toE164` (./phone.ts), on the whole metadata, on the server.
 */
const metadata = metadataJson as unknown as MetadataJson;

/** « +221 77 000 00 01 » for display; a number from a country outside the file stays as stored. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164, metadata)?.formatInternational() ?? e164;
}

/**
 * The E.164 form of a phone typed in the shop's country, for a preview only (the order form's
 * prices for a new client): the server checks the phone again when the form is sent.
 */
export function previewE164(input: string, defaultCountry: CountryCode): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), defaultCountry, metadata);
  return parsed?.isValid() ? parsed.number : null;
}
