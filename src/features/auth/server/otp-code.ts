import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { authSecret } from '@/server/env';

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Codes are stored as an HMAC keyed by the server secret: a leaked table reveals no code. */
export function hashCode(phone: string, code: string): string {
  return createHmac('sha256', authSecret()).update(`${phone}:${code}`).digest('hex');
}

export function codeMatches(phone: string, code: string, storedHash: string): boolean {
  const a = Buffer.from(hashCode(phone, code), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
