import { describe, expect, it } from 'vitest';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import examples from 'libphonenumber-js/examples.mobile.json';
import { formatPhone, previewE164 } from '@/shared/phone-format';
import { toE164 } from '@/shared/phone';
import { COUNTRY_CODES } from '@/shared/countries';
import metadataFile from '@/shared/phone-metadata.json';
import { displayedCountries, expectedMetadata } from '../../scripts/phone-metadata';

const mobileExample = (country: string) =>
  `+${
    parsePhoneNumberFromString((examples as Record<string, string>)[country]!, country as CountryCode)!
      .countryCallingCode
  }${(examples as Record<string, string>)[country]}`;

describe('phones shown from the cut-down metadata', () => {
  it('is the metadata the installed libphonenumber-js gives (run `npm run phone:metadata` after an upgrade)', () => {
    expect(metadataFile).toEqual(expectedMetadata());
  });

  it('formats every kept country’s numbers as the whole metadata does', () => {
    for (const country of displayedCountries()) {
      const e164 = mobileExample(country);
      const whole = parsePhoneNumberFromString(e164)!.formatInternational();
      expect(formatPhone(e164), country).toBe(whole);
      expect(formatPhone(e164), country).not.toBe(e164);
    }
    expect(formatPhone('+221770000001')).toBe('+221 77 000 00 01');
  });

  it('leaves a number from a country outside the file as stored, whole', () => {
    expect(formatPhone('+4915123456789')).toBe('+4915123456789');
    expect(formatPhone('+819012345678')).toBe('+819012345678');
    expect(formatPhone('pas un numéro')).toBe('pas un numéro');
  });

  it('reads a phone typed in any shop country as the server does', () => {
    for (const country of COUNTRY_CODES) {
      const national = (examples as Record<string, string>)[country]!;
      expect(previewE164(national, country), country).toBe(toE164(national, country));
      expect(previewE164(national, country), country).not.toBeNull();
    }
    expect(previewE164('12', 'SN')).toBeNull();
  });
});
