import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authSecret } from '@/server/env';
import { setupApiTestbed } from '../helpers/api-testbed';
import { openSession } from '@/features/auth/server/open-session';

const bed = setupApiTestbed();

/** An access token as src/server/auth/access-token.ts signs them, valid for `seconds`. */
async function tokenFor(userId: string, seconds: number, claims?: Record<string, string>): Promise<string> {
  const key = createHash('sha256').update(`access-token:${authSecret()}`).digest();
  return new SignJWT(claims ?? { sid: await openSession(bed.database.db, userId) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer('comptoir')
    .setAudience('comptoir-api')
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(key);
}

const getInfo = (token: string) => bed.server.call('GET', '/api/user/getInfo', { token });

describe('access tokens already checked', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are refused once expired, though they were accepted before', async () => {
    const token = await tokenFor(bed.awa.members.admin.user.id, 60);
    expect((await getInfo(token)).status).toBe(200);
    expect((await getInfo(token)).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect((await getInfo(token)).status).toBe(401);
  });

  it('do not vouch for the same token with another signature', async () => {
    const token = await tokenFor(bed.awa.members.admin.user.id, 3600);
    expect((await getInfo(token)).status).toBe(200);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    expect((await getInfo(forged)).status).toBe(401);
  });

  it('are refused when made before sign-ins were recorded (no session id): their user signs in again', async () => {
    const token = await tokenFor(bed.awa.members.admin.user.id, 3600, {});
    expect((await getInfo(token)).status).toBe(401);
  });
});
