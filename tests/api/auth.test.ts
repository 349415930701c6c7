import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestDatabase, type TestDatabase } from '../helpers/test-database';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { createShopFixture, uniquePhone } from '../helpers/fixtures';
import { lastCodeSentTo } from '../helpers/signed-in-browser';
import { agents, otpCodes, shops, users } from '@/server/db/schema';
import { resetEnvCache } from '@/server/env';
import { SignInError, signInWithCode } from '@/features/auth/server/sign-in-with-code';

let database: TestDatabase;
let server: TestServer;
let ipCounter = 0;

beforeAll(async () => {
  // Each test sends from its own address so the per-IP limit is only met where a test aims for it.
  process.env.TRUST_PROXY = 'true';
  resetEnvCache();
  database = await startTestDatabase();
  server = await startTestServer();
});
afterAll(async () => {
  delete process.env.TRUST_PROXY;
  resetEnvCache();
  await server.close();
  await database.close();
});
let ip = '';
beforeEach(() => {
  ip = `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
});

const sendCode = (phone: string, extra: Record<string, unknown> = {}, fromIp = ip) =>
  server.call('POST', '/api/otp/sendCode', {
    body: { phone, ...extra },
    headers: { 'x-forwarded-for': fromIp },
  });

async function expectRefusal(promise: Promise<unknown>, message: string | RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SignInError);
  expect((error as Error).message).toMatch(message);
}

const signUpFields = {
  firstName: 'Mariama',
  lastName: 'Kane',
  shopName: 'Chez Mariama',
  signupCountry: 'SN',
  currency: 'XOF',
};

describe('POST /api/otp/sendCode', () => {
  it('sends a 6-digit code by SMS, stores only its hash, and answers the same whether the phone has an account', async () => {
    const phone = uniquePhone();
    const { status, body } = await sendCode(phone.replace('+221', ''));
    expect(status).toBe(200);
    expect(body).toEqual({ phone, expiresInSeconds: 300 });
    const code = lastCodeSentTo(phone);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await database.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(299_000);

    const fixture = await createShopFixture(database.db);
    const known = fixture.members.cashier.user.phone;
    expect((await sendCode(known)).body).toEqual({ phone: known, expiresInSeconds: 300 });
  });

  it('refuses an invalid, missing or foreign-format phone with 422 naming the field', async () => {
    const invalid = await sendCode('12');
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.details.phone).toBe('Ce numéro de téléphone n’est pas valide.');
    expect(invalid.body.error.message).toMatch(/^Téléphone/);
    const missing = await server.call('POST', '/api/otp/sendCode', {
      body: {},
      headers: { 'x-forwarded-for': ip },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.error.details.phone).toBe('Ce champ est obligatoire.');
    const country = await sendCode('770000001', { country: 'XX' });
    expect(country.status).toBe(422);
    expect(country.body.error.details).toHaveProperty('country');
  });

  it('reads a number in the country given', async () => {
    const { body } = await sendCode('07 07 07 07 07', { country: 'CI' });
    expect(body.phone).toBe('+2250707070707');
  });

  it('sends at most 3 codes per phone per 15 minutes, even when asked at once', async () => {
    const phone = uniquePhone();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => sendCode(phone)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.body.error.message).toMatch(/trop de codes pour ce numéro.*minutes?/);
    expect(await database.db.select().from(otpCodes).where(eq(otpCodes.phone, phone))).toHaveLength(3);
  });

  it('limits the codes asked from one address', async () => {
    const sameIp = `192.0.2.${ipCounter}`;
    for (let i = 0; i < 30; i++) expect((await sendCode(uniquePhone(), {}, sameIp)).status).toBe(200);
    const refused = await sendCode(uniquePhone(), {}, sameIp);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/depuis cette connexion/);
  });
});

describe('signing in with a code (the credentials provider)', () => {
  it('signs in an existing user with the right code, once', async () => {
    const fixture = await createShopFixture(database.db);
    const phone = fixture.members.seller.user.phone;
    await sendCode(phone);
    const code = lastCodeSentTo(phone);
    const user = await signInWithCode(database.db, { phone, code });
    expect(user.id).toBe(fixture.members.seller.user.id);
    await expectRefusal(signInWithCode(database.db, { phone, code }), /Aucun code en cours/);
  });

  it('counts wrong tries and burns the code at the fifth', async () => {
    const { members } = await createShopFixture(database.db);
    const phone = members.cashier.user.phone;
    await sendCode(phone);
    const code = lastCodeSentTo(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (const left of [4, 3, 2])
      await expectRefusal(
        signInWithCode(database.db, { phone, code: wrong }),
        `Il vous reste ${left} essais.`,
      );
    await expectRefusal(signInWithCode(database.db, { phone, code: wrong }), 'Il vous reste 1 essai.');
    await expectRefusal(signInWithCode(database.db, { phone, code: wrong }), /plus valable/);
    await expectRefusal(signInWithCode(database.db, { phone, code }), /Aucun code en cours/);
  });

  it('refuses an expired code', async () => {
    const { members } = await createShopFixture(database.db);
    const phone = members.admin.user.phone;
    await sendCode(phone);
    await database.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpCodes.phone, phone));
    await expectRefusal(
      signInWithCode(database.db, { phone, code: lastCodeSentTo(phone) }),
      'Ce code a expiré. Demandez un nouveau code.',
    );
  });

  it('only accepts the latest code sent', async () => {
    const { members } = await createShopFixture(database.db);
    const phone = members.admin.user.phone;
    await sendCode(phone);
    const first = lastCodeSentTo(phone);
    await sendCode(phone);
    const second = lastCodeSentTo(phone);
    if (first !== second)
      await expectRefusal(signInWithCode(database.db, { phone, code: first }), /Code incorrect/);
    expect((await signInWithCode(database.db, { phone, code: second })).phone).toBe(phone);
  });

  it('refuses a malformed code without spending a try', async () => {
    await expectRefusal(
      signInWithCode(database.db, { phone: uniquePhone(), code: '12ab' }),
      'Code : le code contient 6 chiffres.',
    );
  });

  it('tells whoever has the right code, not the code request, that a phone has no account', async () => {
    const phone = uniquePhone();
    await sendCode(phone);
    const code = lastCodeSentTo(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    await expectRefusal(signInWithCode(database.db, { phone, code: wrong }), /Code incorrect/);
    await expectRefusal(signInWithCode(database.db, { phone, code }), 'SIGN_UP_NEEDED');
    // The code was checked, not spent: the sign-up that follows uses it.
    const user = await signInWithCode(database.db, { phone, code, ...signUpFields, shopName: 'Chez Awa' });
    expect(user.phone).toBe(phone);
  });

  it('signs up a new phone: user, shop on a 14-day trial, and its admin agent', async () => {
    const phone = uniquePhone();
    await sendCode(phone);
    const code = lastCodeSentTo(phone);
    // A missing field is named, and does not cost the code.
    await expectRefusal(
      signInWithCode(database.db, { phone, code, ...signUpFields, firstName: ' ' }),
      /^Prénom\s: ce champ est obligatoire/,
    );
    const user = await signInWithCode(database.db, { phone, code, ...signUpFields });
    expect(user).toMatchObject({ phone, firstName: 'Mariama', lastName: 'Kane', isPlatformOperator: false });

    const [shop] = await database.db.select().from(shops).where(eq(shops.sellerId, user.id));
    expect(shop).toMatchObject({
      name: 'Chez Mariama',
      slug: 'chez-mariama',
      subscriptionPlan: 'free',
      currency: 'XOF',
      country: 'SN',
      timeZone: 'Africa/Dakar',
      isBlocked: false,
    });
    const trialDays = (shop!.freeTrialExpiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.99);
    const [agent] = await database.db.select().from(agents).where(eq(agents.userId, user.id));
    expect(agent).toMatchObject({
      shopId: shop!.id,
      role: 'admin',
      phone,
      firstName: 'Mariama',
      isActive: true,
    });
  });

  it('gives a second shop of the same name its own slug, and rejects an unknown currency', async () => {
    const phone = uniquePhone();
    await sendCode(phone);
    await expectRefusal(
      signInWithCode(database.db, { phone, code: lastCodeSentTo(phone), ...signUpFields, currency: 'ABC' }),
      /^Devise/,
    );
    const user = await signInWithCode(database.db, { phone, code: lastCodeSentTo(phone), ...signUpFields });
    const [shop] = await database.db.select().from(shops).where(eq(shops.sellerId, user.id));
    expect(shop!.slug).toMatch(/^chez-mariama-\d+$/);
  });

  it('flags the phones listed in PLATFORM_OPERATORS as platform operators', async () => {
    const { members } = await createShopFixture(database.db);
    const phone = members.supervisor.user.phone;
    process.env.PLATFORM_OPERATORS = `+221700000000, ${phone}`;
    resetEnvCache();
    try {
      await sendCode(phone);
      const user = await signInWithCode(database.db, { phone, code: lastCodeSentTo(phone) });
      expect(user.isPlatformOperator).toBe(true);
      const [row] = await database.db.select().from(users).where(eq(users.phone, phone));
      expect(row!.isPlatformOperator).toBe(true);
    } finally {
      delete process.env.PLATFORM_OPERATORS;
      resetEnvCache();
    }
  });
});
