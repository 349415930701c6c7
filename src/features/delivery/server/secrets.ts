import { randomBytes, randomInt } from 'node:crypto';

/** A link's secret: 128 bits, URL-safe. */
export function newLinkToken(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * A short code read aloud at a door or a counter (proof of delivery, a cash hand-over): four
 * digits, no leading zero so it is never read as three.
 */
export function newShortCode(): string {
  return String(randomInt(1000, 10000));
}
