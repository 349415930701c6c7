import type { Approver } from './types';

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function bytesToHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

async function pbkdf2Hex(pin: string, saltHex: string, iterations: number, bits: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const derived = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: hexToBytes(saltHex), iterations },
    key,
    bits,
  );
  return bytesToHex(derived);
}

/**
 * Whose PIN this is among the shop's admins and supervisors, checked on the tablet (no network
 * needed) against the salted PBKDF2-SHA256 hashes GET /api/pos/approvers handed out. The server
 * checks the PIN again when the op arrives.
 */
export async function findApproverOfPin(pin: string, approvers: Approver[]): Promise<Approver | null> {
  if (!/^\d{4,6}$/.test(pin)) return null;
  for (const approver of approvers) {
    const hash = await pbkdf2Hex(pin, approver.salt, approver.iterations, approver.hash.length * 4);
    if (hash === approver.hash.toLowerCase()) return approver;
  }
  return null;
}
