import { COUNTRIES, findCountry } from './countries';

export interface TimeZoneChoice {
  value: string;
  label: string;
  group: string;
}

/** Every zone of a country: its main one first, then the others it spans (RD Congo has two). */
export function zonesOfCountry(code: string): string[] {
  const country = findCountry(code);
  return country ? [country.timeZone, ...(country.otherTimeZones ?? [])] : [];
}

/**
 * The time-zone select, in the order a seller looks for it: the zones of the shop's country, then
 * those of the other countries we serve, then every zone the runtime knows. The current value is
 * always offered, even when the runtime does not list it.
 */
export function timeZoneChoices(
  countryCode: string,
  current: string,
  allZones: readonly string[] = supportedZones(),
): TimeZoneChoice[] {
  const country = findCountry(countryCode);
  const own = zonesOfCountry(countryCode);
  const served = COUNTRIES.flatMap((c) => zonesOfCountry(c.code)).filter((z) => !own.includes(z));
  const rest = allZones.filter((z) => !own.includes(z) && !served.includes(z));
  const choices: TimeZoneChoice[] = [
    ...own.map((z) => choice(z, country?.name ?? 'Pays de la boutique')),
    ...[...new Set(served)].map((z) => choice(z, 'Autres pays')),
    ...rest.map((z) => choice(z, 'Tous les fuseaux')),
  ];
  if (!choices.some((c) => c.value === current)) choices.unshift(choice(current, 'Fuseau actuel'));
  return choices;
}

function choice(zone: string, group: string): TimeZoneChoice {
  return { value: zone, label: zone.replace(/_/g, ' '), group };
}

function supportedZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}
