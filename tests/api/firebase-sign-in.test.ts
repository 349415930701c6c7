import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestDatabase, type TestDatabase } from '../helpers/test-database';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { uniquePhone } from '../helpers/fixtures';
import { SignedInBrowser } from '../helpers/signed-in-browser';
import { AuthEmulator, EMULATOR_PROJECT_ID } from '../helpers/firebase-emulator';
import { agents, users } from '@/server/db/schema';
import { resetEnvCache } from '@/server/env';

// The server as IDENTITY_PROVIDER=firebase runs it, its tokens checked by firebase-admin against
// the Firebase Auth emulator (the real SDK path; nothing of the check is stubbed).
let database: TestDatabase;
let server: TestServer;
let emulator: AuthEmulator;
const FIREBASE_ENV = [
  'IDENTITY_PROVIDER',
  'FIREBASE_API_KEY',
  'FIREBASE_PROJECT_ID',
  'FIREBASE_AUTH_EMULATOR_HOST',
];

beforeAll(async () => {
  emulator = await AuthEmulator.start();
  Object.assign(process.env, {
    IDENTITY_PROVIDER: 'firebase',
    FIREBASE_API_KEY: 'demo-api-key',
    FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  });
  resetEnvCache();
  database = await startTestDatabase();
  server = await startTestServer();
}, 90_000);
afterAll(async () => {
  for (const name of FIREBASE_ENV) delete process.env[name];
  resetEnvCache();
  await server?.close();
  await database?.close();
  await emulator?.stop();
});

const signUpFields = {
  firstName: 'Fatou',
  lastName: 'Sow',
  shopName: 'Chez Fatou',
  signupCountry: 'SN',
  currency: 'XOF',
};

describe('sign-in through Firebase Authentication', () => {
  it('signs a new phone up with its shop, then the same phone in again — with Firebase or the built-in user', async () => {
    const phone = uniquePhone();
    const token = await emulator.signInWithPhone(phone);

    const first = await SignedInBrowser.signInWithFirebase(server, token);
    expect(first.error).toBe('SIGN_UP_NEEDED');
    expect(await database.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);

    const badFields = await SignedInBrowser.signInWithFirebase(server, token, {
      ...signUpFields,
      shopName: '',
    });
    expect(badFields.error).toMatch(/^Nom de la boutique/);

    const signedUp = await SignedInBrowser.signInWithFirebase(server, token, signUpFields);
    expect(signedUp.error).toBeNull();
    const session = await signedUp.browser.session();
    expect(session.user?.phone).toBe(phone);
    expect(session.accessToken).toBeTruthy();
    const [user] = await database.db.select().from(users).where(eq(users.phone, phone));
    expect(user).toMatchObject({ firstName: 'Fatou', lastName: 'Sow' });
    expect(await database.db.select().from(agents).where(eq(agents.userId, user!.id))).toHaveLength(1);

    // The next sign-in, with a fresh token, reaches that user: no second account, no second shop.
    const again = await SignedInBrowser.signInWithFirebase(server, await emulator.signInWithPhone(phone));
    expect(again.error).toBeNull();
    expect((await again.browser.session()).user?.id).toBe(user!.id);
    expect(await database.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(1);
  });

  it('reaches a user made by the built-in code through the phone they share', async () => {
    const phone = uniquePhone();
    const [existing] = await database.db
      .insert(users)
      .values({ id: `u_${Date.now().toString(36)}`, phone, firstName: 'Awa', lastName: 'Ndiaye' })
      .returning();
    const { browser, error } = await SignedInBrowser.signInWithFirebase(
      server,
      await emulator.signInWithPhone(phone),
    );
    expect(error).toBeNull();
    expect((await browser.session()).user?.id).toBe(existing!.id);
  });

  it('asks an e-mail account for its phone, then signs it up with the e-mail kept', async () => {
    const email = `gerante-${Date.now().toString(36)}@exemple.sn`;
    const emailToken = await emulator.signUpWithEmail(email, 'motdepasse-solide');
    expect((await SignedInBrowser.signInWithFirebase(server, emailToken)).error).toBe('PHONE_NEEDED');

    const phone = uniquePhone();
    const linked = await emulator.signInWithPhone(phone, emailToken);
    const { error } = await SignedInBrowser.signInWithFirebase(server, linked, signUpFields);
    expect(error).toBeNull();
    const [user] = await database.db.select().from(users).where(eq(users.phone, phone));
    expect(user?.email).toBe(email);
  });

  it('refuses a forged or foreign token in French, and the built-in code on this server', async () => {
    const real = await emulator.signInWithPhone(uniquePhone());
    const [header, payload] = real.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const foreign = Buffer.from(JSON.stringify({ ...claims, aud: 'another-project' })).toString('base64url');
    for (const token of ['pas-un-jeton', `${header}.${foreign}.`]) {
      const { browser, error } = await SignedInBrowser.signInWithFirebase(server, token);
      expect(error).toBe('Connexion refusée : la preuve d’identité n’est pas valable. Reconnectez-vous.');
      expect((await browser.session()).user).toBeUndefined();
    }
    const sendCode = await server.call('POST', '/api/otp/sendCode', { body: { phone: uniquePhone() } });
    expect(sendCode.status).toBe(409);
    expect((sendCode.body as { error: { message: string } }).error.message).toMatch(/Firebase/);
  });
});
