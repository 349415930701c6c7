import { afterAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { encode } from 'next-auth/jwt';
import { authSecret } from '@/server/env';
import { setupApiTestbed } from '../helpers/api-testbed';
import { SignedInBrowser } from '../helpers/signed-in-browser';

const bed = setupApiTestbed();
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));

const SIGNED_OUT = {
  error: { code: 'UNAUTHENTICATED', message: 'Vous devez être connecté(e) pour continuer.' },
};

const getInfo = (auth: { token?: string; cookie?: string }) =>
  bed.server.call('GET', '/api/user/getInfo', {
    token: auth.token,
    headers: auth.cookie ? { cookie: auth.cookie } : {},
  });

/** A device signed in through next-auth, with the access token its first session fetch minted. */
async function device(phone: string): Promise<{ browser: SignedInBrowser; token: string }> {
  const browser = await SignedInBrowser.signIn(bed.server, phone);
  const { accessToken } = await browser.session();
  expect(accessToken).toEqual(expect.any(String));
  expect((await getInfo({ token: accessToken })).status).toBe(200);
  return { browser, token: accessToken! };
}

function openSocket(token: string): Promise<Socket> {
  const socket = connect(bed.server.url, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

describe('signing out (« Déconnexion », POST /api/auth/signout)', () => {
  it('revokes the session at once: its access token, its cookie and its sockets answer no more', async () => {
    const { browser, token } = await device(bed.awa.members.seller.user.phone);
    // What someone who copied the cookie off this browser would hold.
    const copiedCookie = browser.cookie;
    expect((await getInfo({ cookie: copiedCookie })).status).toBe(200);
    const socket = await openSocket(token);
    const disconnected = new Promise<string>((resolve) => socket.on('disconnect', resolve));

    await browser.signOut();

    // Right away, not when the token expires in an hour.
    const refused = await getInfo({ token });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(SIGNED_OUT);
    expect((await getInfo({ cookie: copiedCookie })).status).toBe(401);
    expect(await disconnected).toBe('io server disconnect');
    await expect(openSocket(token)).rejects.toThrow(/connecté/);

    // The copied cookie can no longer mint a token: next-auth answers no session and clears it.
    const stolen = await fetch(`${bed.server.url}/api/auth/session`, { headers: { cookie: copiedCookie } });
    expect(await stolen.json()).toEqual({});
    expect(stolen.headers.getSetCookie().some((c) => /next-auth\.session-token=;/.test(c))).toBe(true);
    expect(await browser.session()).toEqual({});
  });

  it('leaves the other sessions of the same user open', async () => {
    const phone = bed.awa.members.cashier.user.phone;
    const laptop = await device(phone);
    const till = await device(phone);
    await laptop.browser.signOut();
    expect((await getInfo({ token: laptop.token })).status).toBe(401);
    expect((await getInfo({ token: till.token })).status).toBe(200);
    expect((await till.browser.session()).accessToken).toEqual(expect.any(String));
  });
});

describe('POST /api/session/signOutEverywhere (« Se déconnecter de tous les appareils »)', () => {
  it('revokes every session of the caller, this one included, and no one else’s', async () => {
    const phone = bed.awa.members.admin.user.phone;
    const laptop = await device(phone);
    const phoneDevice = await device(phone);
    const colleague = await device(bed.awa.members.supervisor.user.phone);
    const phoneSocket = await openSocket(phoneDevice.token);
    const disconnected = new Promise<string>((resolve) => phoneSocket.on('disconnect', resolve));

    const answer = await bed.server.call('POST', '/api/session/signOutEverywhere', { token: laptop.token });
    // The two devices, and the session the fixture opened for this user.
    expect(answer).toMatchObject({ status: 200, body: { revokedSessions: 3 } });
    expect((await getInfo({ token: bed.awa.members.admin.token })).status).toBe(401);

    for (const signedOut of [laptop, phoneDevice]) {
      expect(await getInfo({ token: signedOut.token })).toMatchObject({ status: 401, body: SIGNED_OUT });
      expect((await getInfo({ cookie: signedOut.browser.cookie })).status).toBe(401);
      expect(await signedOut.browser.session()).toEqual({});
    }
    expect(await disconnected).toBe('io server disconnect');
    // Revoked, the token cannot ask again.
    expect(
      (await bed.server.call('POST', '/api/session/signOutEverywhere', { token: laptop.token })).status,
    ).toBe(401);

    // Another user's session is untouched.
    expect((await getInfo({ token: colleague.token })).status).toBe(200);
    expect((await colleague.browser.session()).accessToken).toEqual(expect.any(String));

    // Signing in again opens a new session.
    const again = await device(phone);
    expect((await getInfo({ token: again.token })).status).toBe(200);
  });

  it('refuses a caller without a session', async () => {
    const answer = await bed.server.call('POST', '/api/session/signOutEverywhere');
    expect(answer).toMatchObject({ status: 401, body: SIGNED_OUT });
  });
});

describe('sessions made before sign-ins were recorded', () => {
  it('are refused: a cookie without a session id mints no token and opens no API', async () => {
    const user = bed.awa.members['inventory-manager'].user;
    const cookie = `next-auth.session-token=${await encode({ token: { sub: user.id }, secret: authSecret() })}`;
    expect((await getInfo({ cookie })).status).toBe(401);
    const session = await fetch(`${bed.server.url}/api/auth/session`, { headers: { cookie } });
    expect(await session.json()).toEqual({});
  });
});
