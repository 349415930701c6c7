import { describe, expect, it } from 'vitest';
import { getCountryCallingCode } from 'libphonenumber-js';
import { COUNTRIES } from '@/shared/countries';

describe('the countries offered', () => {
  it('carry the calling code libphonenumber gives each of them', () => {
    for (const country of COUNTRIES)
      expect(country.callingCode, country.code).toBe(getCountryCallingCode(country.code));
  });
});
