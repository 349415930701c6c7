import { expect, test } from './support/test';
import { readCode, requestCode } from './support/auth';
import {
  currentUrl,
  greeting,
  readLocalAccessToken,
  readSession,
  randomSenegalPhone,
  watchRequests,
} from './support/helpers';

test.describe('Inscription d’un nouveau vendeur', () => {
  test('un numéro inconnu crée sa boutique et arrive sur l’accueil en administrateur', async ({ page }) => {
    const phone = randomSenegalPhone();
    const suffix = phone.e164.slice(-4);
    const firstName = `Khady${suffix}`;
    const shopName = `Boutique Khady ${suffix}`;

    await page.goto('/login');
    await expect(page.getByLabel('Pays')).toHaveValue('SN');
    const firstCode = await requestCode(page, phone.local, phone.e164);

    // Every phone lands on the same code step: whether it has an account is not told before the code.
    const otpUrl = currentUrl(page);
    expect(otpUrl.pathname).toBe('/otp');
    expect(otpUrl.searchParams.get('phone')).toBe(phone.e164);
    expect(otpUrl.searchParams.has('new')).toBe(false);
    await expect(page.getByRole('heading', { name: 'Code de connexion' })).toBeVisible();
    await page.getByLabel('Code reçu par SMS').fill(firstCode);
    await page.getByRole('button', { name: 'Se connecter' }).click();

    // The right code for a new phone: the sign-up fields appear, the code is kept.
    await expect(page.getByRole('heading', { name: 'Créez votre boutique' })).toBeVisible();
    await expect(page.getByText('Ce numéro n’a pas encore de compte')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Se connecter' })).toHaveCount(0);

    const form = {
      code: page.getByLabel('Code reçu par SMS'),
      firstName: page.getByLabel('Prénom', { exact: true }),
      lastName: page.getByLabel('Nom', { exact: true }),
      shopName: page.getByLabel('Nom de la boutique', { exact: true }),
      country: page.getByLabel('Pays', { exact: true }),
      currency: page.getByLabel('Devise', { exact: true }),
    };
    // Country and currency are suggested from the phone's country.
    await expect(form.country).toHaveValue('SN');
    await expect(form.currency).toHaveValue('XOF');

    // 1) Empty first and last names: a French error under each, and nothing reaches the server.
    const signInCalls = watchRequests(page, '/api/auth/callback/');
    await form.code.fill(firstCode);
    await form.shopName.fill(shopName);
    await page.getByRole('button', { name: 'Créer ma boutique' }).click();

    const required = page.getByText('Ce champ est obligatoire.');
    await expect(form.firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(form.lastName).toHaveAttribute('aria-invalid', 'true');
    await expect(required).toHaveCount(2);
    expect(currentUrl(page).pathname).toBe('/otp');
    expect(signInCalls).toHaveLength(0);
    // Typed in: its error goes at once, before any new submit; the other stays.
    await form.lastName.fill('Ndiaye');
    await expect(form.lastName).not.toHaveAttribute('aria-invalid', 'true');
    await expect(required).toHaveCount(1);
    await expect(form.firstName).toHaveAttribute('aria-invalid', 'true');

    // A new code (the answer says nothing of the account): the sign-up goes on with it.
    const since = Date.now();
    const probe = await page.request.post('/api/otp/sendCode', {
      data: { phone: phone.e164, country: 'SN' },
    });
    expect(probe.status()).toBe(200);
    expect(await probe.json()).toEqual({ phone: phone.e164, expiresInSeconds: expect.any(Number) });
    // Asking again replaced the first code: use the new one.
    const code = await readCode(phone.e164, since);
    expect(code).not.toBe('');

    // 2) With the first name, the shop is created and the seller signed in.
    await form.firstName.fill(firstName);
    await expect(required).toHaveCount(0);
    await expect(form.firstName).not.toHaveAttribute('aria-invalid', 'true');
    await form.code.fill(code);
    await page.getByRole('button', { name: 'Créer ma boutique' }).click();

    await expect(page.getByRole('heading', { name: greeting(firstName) })).toBeVisible();
    expect(currentUrl(page).pathname).toBe('/');
    expect(currentUrl(page).searchParams.has('new')).toBe(false);
    expect(currentUrl(page).searchParams.has('phone')).toBe(false);
    await expect(page.getByTestId('shop-name')).toHaveText(shopName);
    await expect(page.getByRole('main').getByText('Administrateur', { exact: true })).toBeVisible();
    await expect(page.getByText('Une erreur est survenue')).toHaveCount(0);

    // The session carries the API token, copied into local storage.
    const session = await readSession(page);
    expect(session.user?.phone).toBe(phone.e164);
    expect(session.user?.name).toBe(`${firstName} Ndiaye`);
    expect(typeof session.accessToken).toBe('string');
    expect(session.accessToken!.length).toBeGreaterThan(20);
    await expect.poll(() => readLocalAccessToken(page)).toEqual(expect.any(String));
    expect((await readLocalAccessToken(page))!.length).toBeGreaterThan(20);

    // The phone is now known: asking for a code again answers just the same.
    const again = await page.request.post('/api/otp/sendCode', {
      data: { phone: phone.local, country: 'SN' },
    });
    expect(await again.json()).toEqual({ phone: phone.e164, expiresInSeconds: expect.any(Number) });
  });
});
