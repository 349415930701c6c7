import { createHash } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { authSecret, getEnv } from '../env';

const ISSUER = 'comptoir';
const AUDIENCE = 'comptoir-api';

/** Who a token speaks for: a user, through one sign-in (its `sid`, a row of auth_sessions). */
export interface SessionRef {
  userId: string;
  sessionId: string;
}

// Derived from the session secret, so one secret configures both, yet the two keys differ.
// Kept per secret: every API request verifies a token, and deriving costs more than the check.
let cachedKey: { secret: string; key: Uint8Array } | null = null;
function key(): Uint8Array {
  const secret = authSecret();
  if (cachedKey?.secret !== secret)
    cachedKey = { secret, key: createHash('sha256').update(`access-token:${secret}`).digest() };
  return cachedKey.key;
}

/**
 * The API access token carried by the session (SPEC §3 keeps it in local storage). It names the
 * sign-in it was minted from, so revoking that sign-in refuses the token at once.
 */
export async function signAccessToken(session: SessionRef): Promise<{ token: string; expiresAt: number }> {
  const ttl = getEnv().ACCESS_TOKEN_TTL_SECONDS;
  const expiresAt = Math.floor(Date.now() / 1000) + ttl;
  const token = await new SignJWT({ sid: session.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(session.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(key());
  return { token, expiresAt };
}

/**
 * The sign-in the token names, or null when it is forged, expired, not ours, or older than
 * sessions (no `sid`: it could never be revoked, so it is refused and its user signs in again).
 * Whether that sign-in is still open is the database's to say (src/server/tenancy).
 */
export async function verifyAccessToken(token: string): Promise<(SessionRef & { expiresAt: number }) | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { issuer: ISSUER, audience: AUDIENCE });
    const { sub, sid, exp } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || !sid || typeof exp !== 'number') return null;
    return { userId: sub, sessionId: sid, expiresAt: exp };
  } catch {
    return null;
  }
}
