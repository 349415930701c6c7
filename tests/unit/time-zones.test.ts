import { describe, expect, it } from 'vitest';
import { timeZoneChoices } from '@/shared/time-zones';

const ALL = [
  'Africa/Abidjan',
  'Africa/Dakar',
  'Africa/Kinshasa',
  'Africa/Lubumbashi',
  'America/Lima',
  'Europe/Paris',
];

describe('time-zone choices', () => {
  it('lists the shop country’s zones first, then the other served countries, then the rest', () => {
    const choices = timeZoneChoices('CD', 'Africa/Kinshasa', ALL);
    expect(choices.slice(0, 2)).toEqual([
      { value: 'Africa/Kinshasa', label: 'Africa/Kinshasa', group: 'RD Congo' },
      { value: 'Africa/Lubumbashi', label: 'Africa/Lubumbashi', group: 'RD Congo' },
    ]);
    expect(choices[2]).toMatchObject({ value: 'Africa/Dakar', group: 'Autres pays' });
    expect(choices.at(-1)).toMatchObject({ value: 'America/Lima', group: 'Tous les fuseaux' });
    expect(new Set(choices.map((c) => c.value)).size).toBe(choices.length);
  });

  it('follows the country chosen in the form', () => {
    expect(timeZoneChoices('CI', 'Africa/Dakar', ALL)[0]).toMatchObject({
      value: 'Africa/Abidjan',
      group: 'Côte d’Ivoire',
    });
  });

  it('keeps a current zone the runtime does not know', () => {
    expect(timeZoneChoices('SN', 'Etc/Unknown', ALL)[0]).toMatchObject({
      value: 'Etc/Unknown',
      group: 'Fuseau actuel',
    });
  });
});
