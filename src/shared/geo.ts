/*
 * A GPS position as people share it here: « 14.7456, -17.5123 » read off a phone, or a Google Maps
 * link sent on WhatsApp (…/@14.7456,-17.5123,17z, …?q=14.7456,-17.5123, …/search/14.7456,+-17.5123).
 * Kept on an address as « lat,lng » (6 decimals: 10 cm), the way maps links take it back.
 */

export interface Position {
  lat: number;
  lng: number;
}

const NUMBER = String.raw`[-+]?\d{1,3}(?:[.,]\d+)?`;
const PAIR = new RegExp(String.raw`(${NUMBER})\s*[,; ]\s*\+?(${NUMBER})`);
const IN_LINK = new RegExp(
  String.raw`(?:@|[?&](?:q|query|ll|destination)=|/search/|/place/)(${NUMBER}),\s*\+?(${NUMBER})`,
);

function valid(lat: number, lng: number): Position | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

const toNumber = (text: string) => Number(text.replace(',', '.'));

/** The position in a text or a maps link; null when there is none that makes sense. */
export function parsePosition(text: string): Position | null {
  const trimmed = decodeURIComponent(text.trim().replace(/\+/g, ' '));
  if (!trimmed) return null;
  const link = IN_LINK.exec(trimmed);
  if (link) return valid(toNumber(link[1]!), toNumber(link[2]!));
  // Decimal commas pair with a « ; » or a space (« 14,7456 ; -17,5123 »), points with a comma.
  const pair = PAIR.exec(trimmed);
  if (!pair || pair.index !== 0 || pair[0].length !== trimmed.length) return null;
  return valid(toNumber(pair[1]!), toNumber(pair[2]!));
}

/** « lat,lng », as stored and as a maps link wants it. */
export function formatPosition(position: Position): string {
  return `${position.lat.toFixed(6)},${position.lng.toFixed(6)}`;
}

/** Great-circle distance in kilometres (haversine; the Earth's mean radius). */
export function distanceKm(a: Position, b: Position): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A link that opens the phone's maps on the position (a pin), or on the address's words. */
export function mapsLink(place: { position?: string; words: string }): string | null {
  const position = place.position ? parsePosition(place.position) : null;
  const query = position ? formatPosition(position) : place.words;
  return query ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}` : null;
}
