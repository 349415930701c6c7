// Writes src/shared/phone-metadata.json: libphonenumber's metadata for the countries the app shows
// phones from, out of the 245 it knows. The back office formats phones on many pages; the whole
// metadata weighs 16 KB compressed on each of them, these countries under 1 KB. Run after a
// libphonenumber-js upgrade (`npm run phone:metadata`); a unit test fails while the file is stale.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MetadataJson } from 'libphonenumber-js/core';
import { COUNTRY_CODES } from '../src/shared/countries';

/**
 * Beyond the countries a shop can be in: the neighbours and the diaspora's countries whose numbers
 * clients most often give. Any other number is shown in its E.164 form, still whole and correct.
 */
export const OTHER_DISPLAYED_COUNTRIES = ['BE', 'CH', 'CA', 'US', 'ES', 'MR', 'GM', 'GW', 'GH', 'NG', 'DZ'];

export function displayedCountries(): string[] {
  return [...new Set([...COUNTRY_CODES, ...OTHER_DISPLAYED_COUNTRIES])].sort();
}

/** The metadata cut down to `countries`, in the shape libphonenumber-js/core takes. */
export function restrictMetadata(full: MetadataJson, countries: string[]): MetadataJson {
  const kept = new Set(countries);
  const callingCodes = Object.fromEntries(
    Object.entries(full.country_calling_codes)
      .map(([code, list]) => [code, list.filter((country) => kept.has(country))] as const)
      .filter(([, list]) => list.length > 0),
  );
  const countryEntries = Object.fromEntries(
    Object.entries(full.countries).filter(([country]) => kept.has(country)),
  );
  return {
    version: full.version,
    country_calling_codes: callingCodes,
    countries: countryEntries,
  } as MetadataJson;
}

export const METADATA_FILE = 'src/shared/phone-metadata.json';

export function expectedMetadata(): MetadataJson {
  const full = JSON.parse(
    fs.readFileSync(path.resolve('node_modules/libphonenumber-js/metadata.min.json'), 'utf8'),
  ) as MetadataJson;
  return restrictMetadata(full, displayedCountries());
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(path.resolve(METADATA_FILE), `${JSON.stringify(expectedMetadata())}\n`);
  console.log(`${METADATA_FILE} écrit (${displayedCountries().length} pays)`);
}
