import { describe, expect, it } from 'vitest';
import { distanceKm, formatPosition, mapsLink, parsePosition } from '@/shared/geo';

describe('GPS positions as people share them', () => {
  it('reads typed pairs and maps links, and refuses what is not a position', () => {
    const dakar = { lat: 14.7456, lng: -17.5123 };
    for (const text of [
      '14.7456, -17.5123',
      '14.7456,-17.5123',
      '14,7456 ; -17,5123',
      ' 14.7456 -17.5123 ',
      'https://www.google.com/maps/@14.7456,-17.5123,17z',
      'https://maps.google.com/?q=14.7456,-17.5123',
      'https://www.google.com/maps/search/14.7456,+-17.5123?entry=tts',
      'https://www.google.com/maps/place/14.7456,-17.5123',
    ])
      expect(parsePosition(text), text).toEqual(dakar);
    for (const text of [
      '',
      'Cocody Angré',
      '14.7456',
      '95.1, 10',
      '14.7, -190',
      'https://maps.app.goo.gl/abc',
    ])
      expect(parsePosition(text), text).toBeNull();
    expect(formatPosition(dakar)).toBe('14.745600,-17.512300');
  });

  it('measures great-circle distances', () => {
    // Dakar Plateau to the Almadies: about 12 km as the crow flies.
    expect(distanceKm({ lat: 14.6708, lng: -17.4381 }, { lat: 14.7446, lng: -17.5138 })).toBeCloseTo(11.6, 0);
    expect(distanceKm({ lat: 5.36, lng: -4.0083 }, { lat: 5.36, lng: -4.0083 })).toBe(0);
  });

  it('opens the phone’s maps on the pin when there is one, else on the words', () => {
    expect(mapsLink({ position: '14.7456,-17.5123', words: 'Ngor' })).toBe(
      'https://www.google.com/maps/search/?api=1&query=14.745600%2C-17.512300',
    );
    expect(mapsLink({ words: 'Almadies, Ngor' })).toBe(
      'https://www.google.com/maps/search/?api=1&query=Almadies%2C%20Ngor',
    );
    expect(mapsLink({ words: '' })).toBeNull();
  });
});
