import { expect, test, type Page, type Request } from './support/test';
import { E2E } from '../playwright.config';
import { alertWith, currentUrl, greeting, randomSenegalPhone, readSession } from './support/helpers';
import { violationsOf } from './support/axe';

/*
 * /login on a server set to IDENTITY_PROVIDER=firebase: the web SDK against the Firebase Auth
 * emulator, next-auth's `firebase` provider checking its ID tokens with firebase-admin. The codes
 * and e-mail links the emulator « sends » are read from its own endpoints.
 */
const origin = `http://localhost:${E2E.firebasePort}`;
const emulator = `http://${E2E.firebaseEmulator}/emulator/v1/projects/${E2E.firebaseProjectId}`;
test.use({ baseURL: origin });

async function smsCode(phone: string): Promise<string> {
  for (let tries = 0; tries < 40; tries += 1) {
    const { verificationCodes } = (await (await fetch(`${emulator}/verificationCodes`)).json()) as {
      verificationCodes: Array<{ phoneNumber: string; code: string }>;
    };
    const code = verificationCodes.filter((c) => c.phoneNumber === phone).at(-1)?.code;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Aucun code envoyé à ${phone}`);
}

/** The newest e-mail action link the emulator made for `email` (sign-in link, password reset). */
async function emailAction(email: string, type: 'EMAIL_SIGNIN' | 'PASSWORD_RESET'): Promise<URL> {
  for (let tries = 0; tries < 40; tries += 1) {
    const { oobCodes } = (await (await fetch(`${emulator}/oobCodes`)).json()) as {
      oobCodes: Array<{ email: string; requestType: string; oobLink: string }>;
    };
    const found = oobCodes.filter((c) => c.email === email && c.requestType === type).at(-1);
    if (found) return new URL(found.oobLink);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Aucun e-mail ${type} pour ${email}`);
}

/**
 * Where the e-mail's link lands: Firebase's action handler sends the browser to the continue URL
 * with the action's parameters, as the project's hosting page does.
 */
function landingOf(link: URL, fallbackPath: string): string {
  const target = new URL(link.searchParams.get('continueUrl') ?? `${origin}${fallbackPath}`);
  for (const key of ['mode', 'oobCode', 'apiKey', 'lang']) {
    const value = link.searchParams.get(key);
    if (value) target.searchParams.set(key, value);
  }
  return target.toString();
}

function method(page: Page, name: string) {
  return page.getByRole('group', { name: 'Se connecter avec' }).getByRole('button', { name, exact: true });
}

async function requestSms(page: Page, phone: { local: string; e164: string }) {
  await page.getByRole('textbox', { name: 'Numéro de téléphone' }).fill(phone.local);
  await page.getByRole('button', { name: 'Recevoir le code' }).click();
  await expect(page.getByText('Saisissez le code à 6 chiffres envoyé par SMS')).toBeVisible();
  return smsCode(phone.e164);
}

async function createShop(page: Page, firstName: string, shopName: string) {
  await expect(page.getByRole('heading', { name: 'Créez votre boutique' })).toBeVisible();
  await page.getByLabel('Prénom').fill(firstName);
  await page.getByLabel('Nom', { exact: true }).fill('Diallo');
  await page.getByLabel('Nom de la boutique').fill(shopName);
  await page.getByRole('button', { name: 'Créer ma boutique' }).click();
  await expect(page.getByRole('heading', { name: greeting(firstName) })).toBeVisible();
  await expect(page.getByTestId('shop-name')).toHaveText(shopName);
}

async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
}

test('par SMS : un code faux refusé en français, puis la boutique créée et la même personne reconnue', async ({
  page,
}) => {
  const phone = randomSenegalPhone();
  await page.goto('/login');
  await expect(method(page, 'Téléphone')).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Recevoir le code' }).click();
  await expect(page.getByText('Saisissez votre numéro de téléphone.')).toBeVisible();
  expect(await violationsOf(page)).toEqual([]);

  const code = await requestSms(page, phone);
  await page.getByLabel('Code reçu par SMS').fill(code === '123456' ? '654321' : '123456');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Code incorrect. Vérifiez les 6 chiffres reçus par SMS.')).toBeVisible();
  await page.getByLabel('Code reçu par SMS').fill(code);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await createShop(page, 'Khady', 'Chez Khady');
  expect((await readSession(page)).user?.phone).toBe(phone.e164);

  // Our own API token follows SPEC §9's rule: renewed 5 minutes before it expires. This server's
  // last 305 s, so the page renews it 5 s after it got it, by itself, no reload.
  const readToken = () => page.evaluate(() => localStorage.getItem('accessToken'));
  const token = await readToken();
  expect(token).toBeTruthy();
  const isRenewal = (r: Request) => r.url().endsWith('/api/auth/session') && r.method() === 'POST';
  // The page stays as it is while the token is renewed: the same heading, not one drawn again after
  // a skeleton (what is being typed in a form would be lost with it).
  const heading = await page.getByRole('main').getByRole('heading', { level: 1 }).elementHandle();
  await page.waitForRequest(isRenewal);
  await expect.poll(readToken, { timeout: 15_000 }).not.toBe(token);
  await expect(page.getByTestId('shop-name')).toHaveText('Chez Khady');
  expect(await heading!.evaluate((node) => node.isConnected)).toBe(true);

  // The fresh token lasts 305 s too: the next renewal comes 5 s later. Refused by a dead network, it
  // is tried again after its back-off (30 s), not at once over and over.
  let tries = 0;
  await page.route('**/api/auth/session', (route) => {
    if (!isRenewal(route.request())) return route.continue();
    tries += 1;
    return route.abort('internetdisconnected');
  });
  await expect.poll(() => tries, { timeout: 15_000 }).toBe(1);
  await page.waitForTimeout(2_000);
  expect(tries).toBe(1);
  await page.unroute('**/api/auth/session');
  await expect(page.getByTestId('shop-name')).toHaveText('Chez Khady');

  // Signed out, the same phone signs in again: the same user and shop, no sign-up asked.
  await signOut(page);
  await page.getByRole('textbox', { name: 'Numéro de téléphone' }).fill(phone.local);
  await page.getByRole('button', { name: 'Recevoir le code' }).click();
  await expect(page.getByText('Saisissez le code à 6 chiffres envoyé par SMS')).toBeVisible();
  // The emulator's newest code for this phone is the new one once it differs from the first.
  await expect.poll(() => smsCode(phone.e164)).not.toBe(code);
  await page.getByLabel('Code reçu par SMS').fill(await smsCode(phone.e164));
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByTestId('shop-name')).toHaveText('Chez Khady');
});

test('par e-mail et mot de passe : chaque refus en français, le numéro confirmé une fois, puis lien et mot de passe oublié', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `gerante-${Date.now().toString(36)}@exemple.sn`;
  const phone = randomSenegalPhone();
  await page.goto('/login');
  await method(page, 'E-mail').click();

  // A new account: the weak password, then an account made, then its phone confirmed by SMS.
  await page.getByRole('button', { name: 'Créer un compte' }).click();
  await page.getByLabel('Adresse e-mail').fill('pas-une-adresse');
  await page.getByLabel('Mot de passe').fill('abc');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Cette adresse e-mail n’est pas valide.')).toBeVisible();
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Mot de passe trop faible : 6 caractères au moins.')).toBeVisible();
  await page.getByLabel('Mot de passe').fill('Dakar-2026!');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('heading', { name: 'Confirmez votre numéro' })).toBeVisible();
  const code = await requestSms(page, phone);
  await page.getByLabel('Code reçu par SMS').fill(code);
  await page.getByRole('button', { name: 'Confirmer mon numéro' }).click();
  await createShop(page, 'Ndeye', 'Chez Ndeye');
  const userId = (await readSession(page)).user;
  expect(userId?.phone).toBe(phone.e164);

  // The same address cannot make a second account.
  await signOut(page);
  await method(page, 'E-mail').click();
  await page.getByRole('button', { name: 'Créer un compte' }).click();
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill('Autre-mot-2026');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText(/Cette adresse e-mail a déjà un compte/)).toBeVisible();

  // Sign-in refusals: unknown address, wrong password; then too many tries and no network, as
  // Firebase answers them (its answers put in the emulator's mouth, the SDK reads them as ever).
  await page.getByRole('button', { name: 'J’ai déjà un compte : me connecter' }).click();
  await page.getByLabel('Adresse e-mail').fill(`inconnue-${Date.now().toString(36)}@exemple.sn`);
  await page.getByLabel('Mot de passe').fill('Dakar-2026!');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText(/Aucun compte n’utilise cette adresse e-mail/)).toBeVisible();
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill('mauvais-mot');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText(/Mot de passe incorrect/)).toBeVisible();

  const passwordCall = '**/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword*';
  await page.route(passwordCall, (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 400, message: 'TOO_MANY_ATTEMPTS_TRY_LATER' } }),
    }),
  );
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(alertWith(page, 'Trop de tentatives')).toHaveText(
    'Trop de tentatives. Patientez quelques minutes avant de réessayer.',
  );
  await page.unroute(passwordCall);
  await page.route(passwordCall, (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(alertWith(page, 'injoignable')).toHaveText(
    'Le service de connexion est injoignable. Vérifiez votre connexion Internet et réessayez.',
  );
  await page.unroute(passwordCall);
  await page.getByLabel('Mot de passe').fill('Dakar-2026!');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByTestId('shop-name')).toHaveText('Chez Ndeye');
  expect((await readSession(page)).user?.phone).toBe(phone.e164);

  // An e-mail link signs the same person in, without a password.
  await signOut(page);
  await method(page, 'Lien par e-mail').click();
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByRole('button', { name: 'Recevoir le lien' }).click();
  await expect(
    page.getByText(`Un lien de connexion a été envoyé à ${email}.`, { exact: false }),
  ).toBeVisible();
  const linkLanding = landingOf(await emailAction(email, 'EMAIL_SIGNIN'), '/login?methode=lien');
  await page.goto(linkLanding);
  await expect(page.getByTestId('shop-name')).toHaveText('Chez Ndeye');
  expect(currentUrl(page).searchParams.has('oobCode')).toBe(false);

  // Opened again (on a device that forgot the address): the address asked, the spent link said in
  // French, and the form turned to sending a new one.
  await signOut(page);
  await page.goto(linkLanding);
  await expect(page.getByText('Confirmez l’adresse e-mail à laquelle le lien a été envoyé.')).toBeVisible();
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByRole('button', { name: 'Me connecter' }).click();
  await expect(page.getByText(/Ce lien n’est plus valable/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recevoir le lien' })).toBeVisible();

  // Forgotten password: a link, a new password chosen on /login, signed in with it.
  await signOut(page);
  await method(page, 'E-mail').click();
  await page.getByRole('button', { name: 'Mot de passe oublié' }).click();
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByRole('button', { name: 'Recevoir le lien' }).click();
  await expect(
    page.getByText(/un lien pour choisir un nouveau mot de passe vient d’y être envoyé/),
  ).toBeVisible();
  const reset = await emailAction(email, 'PASSWORD_RESET');
  await page.goto(
    `/login?mode=resetPassword&oobCode=${reset.searchParams.get('oobCode')}&apiKey=demo-api-key`,
  );
  await expect(page.getByRole('heading', { name: 'Nouveau mot de passe' })).toBeVisible();
  await expect(page.getByText(`Choisissez le nouveau mot de passe de ${email}.`)).toBeVisible();
  await page.getByLabel('Nouveau mot de passe').fill('Thies-2027!');
  await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
  await expect(page.getByTestId('shop-name')).toHaveText('Chez Ndeye');

  // The same link a second time is spent.
  await signOut(page);
  await page.goto(
    `/login?mode=resetPassword&oobCode=${reset.searchParams.get('oobCode')}&apiKey=demo-api-key`,
  );
  await expect(page.getByText(/Ce lien n’est plus valable/)).toBeVisible();
});
