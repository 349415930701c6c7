import { createHash } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { authSecret, getEnv } from '../env';

const ISSUER = 'comptoir';
const AUDIENCE = 'comptoir-api';

// Derived from the session secret, so one secret configures both, yet the two keys differ.
// Kept per secret: every API request verifies a token, and deriving costs more than the check.
let cachedKey: { secret: string; key: Uint8Array } | null = null;
function key(): Uint8Array {
  const secret = authSecret();
  if (cachedKey?.secret !== secret)
    cachedKey = { secret, key: createHash('sha256').update(`access-token:${secret}`).digest() };
  return cachedKey.key;
}

/** The API access token carried by the session (SPEC §3 keeps it in local storage). */
export async function signAccessToken(userId: string): Promise<{ token: string; expiresAt: number }> {
  const ttl = getEnv().ACCESS_TOKEN_TTL_SECONDS;
  const expiresAt = Math.floor(Date.now() / 1000) + ttl;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(key());
  return { token, expiresAt };
}

/** The user id the token names, or null when it is forged, expired or not ours. */
export async function verifyAccessToken(token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { issuer: ISSUER, audience: AUDIENCE });
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}
