import { expect, test } from './support/test';
import { E2E } from '../playwright.config';
import { DEMO, requestCode, signInAs } from './support/auth';
import {
  alertWith,
  currentUrl,
  greeting,
  readLocalAccessToken,
  readSession,
  wrongCode,
} from './support/helpers';

const ROLE_BADGES: Record<keyof typeof DEMO, string> = {
  admin: 'Administrateur',
  supervisor: 'Superviseur',
  seller: 'Vendeur',
  cashier: 'Chargé de caisse',
  'inventory-manager': "Chargé de l'inventaire",
};

test.describe('Connexion des comptes de démonstration', () => {
  for (const role of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
    test(`${role} : prénom « ${DEMO[role].firstName} » et badge « ${ROLE_BADGES[role]} »`, async ({
      page,
    }) => {
      await signInAs(page, role, { fresh: true });

      if (role === 'cashier') {
        // A cashier’s app opens on the till (issue 16), and « / » leads back to it.
        expect(currentUrl(page).pathname).toBe('/point-de-vente');
        await page.goto('/');
        await expect(page).toHaveURL(/\/point-de-vente/);
      } else {
        expect(currentUrl(page).pathname).toBe('/');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(greeting(DEMO[role].firstName));
        await expect(page.getByTestId('shop-name')).toHaveText('Boutique Awa');
        const main = page.getByRole('main');
        await expect(main.getByText(ROLE_BADGES[role], { exact: true })).toBeVisible();
        // Only this role's label is shown, on the page and in the account menu.
        for (const other of Object.values(ROLE_BADGES).filter((label) => label !== ROLE_BADGES[role])) {
          await expect(page.getByText(other, { exact: true })).toHaveCount(0);
        }
      }

      const session = await readSession(page);
      expect(session.user?.phone).toBe(DEMO[role].phone);
      expect(session.accessToken).toEqual(expect.any(String));
      await expect.poll(() => readLocalAccessToken(page)).toEqual(expect.any(String));
    });
  }
});

test.describe('Code de connexion', () => {
  test('un code faux est refusé avec les essais restants, puis le bon code connecte', async ({ page }) => {
    const who = DEMO.seller;
    await page.goto('/login');
    const code = await requestCode(page, who.local, who.phone);
    const otpUrl = currentUrl(page);
    expect(otpUrl.searchParams.get('phone')).toBe(who.phone);
    expect(otpUrl.searchParams.has('new')).toBe(false);
    await expect(page.getByRole('heading', { name: 'Code de connexion' })).toBeVisible();

    await page.getByLabel('Code reçu par SMS').fill(wrongCode(code));
    await page.getByRole('button', { name: 'Se connecter' }).click();

    await expect(alertWith(page, 'Code incorrect')).toHaveText('Code incorrect. Il vous reste 4 essais.');
    expect(currentUrl(page).pathname).toBe('/otp');
    expect(currentUrl(page).searchParams.get('phone')).toBe(who.phone);
    expect((await readSession(page)).accessToken).toBeUndefined();

    await page.getByLabel('Code reçu par SMS').fill(code);
    await page.getByRole('button', { name: 'Se connecter' }).click();

    await expect(page.getByRole('heading', { name: greeting(who.firstName) })).toBeVisible();
    expect(currentUrl(page).pathname).toBe('/');
    await expect(alertWith(page, 'Code incorrect')).toHaveCount(0);
    await expect(page.getByRole('main').getByText('Vendeur', { exact: true })).toBeVisible();
  });

  test('un code expiré est refusé avec un message en français', async ({ page }) => {
    const who = DEMO.cashier;
    const origin = `http://localhost:${E2E.shortTtlPort}`;
    await page.goto(`${origin}/login`);
    const code = await requestCode(page, who.local, who.phone, E2E.shortTtlDataDir);
    expect(page.url().startsWith(`${origin}/otp?`)).toBe(true);

    // Codes on this server live 2 s.
    await page.waitForTimeout(3_000);
    await page.getByLabel('Code reçu par SMS').fill(code);
    await page.getByRole('button', { name: 'Se connecter' }).click();

    await expect(alertWith(page, 'expiré')).toHaveText('Ce code a expiré. Demandez un nouveau code.');
    expect(currentUrl(page).pathname).toBe('/otp');
    await expect(page.getByRole('heading', { name: /Bonjour/ })).toHaveCount(0);
    const session = await page.request.get(`${origin}/api/auth/session`);
    expect((await session.json()).accessToken).toBeUndefined();
  });
});

test('la connexion dans un onglet fait quitter /login à l’autre, sans rechargement (SPEC §4)', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const waiting = await context.newPage();
  await waiting.goto('/login?callbackUrl=%2Fmes-produits');
  await expect(waiting.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  // A mark on the page's own window: it is gone if the tab reloads instead of moving on.
  await waiting.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  const signing = await context.newPage();
  await signing.goto('/login');
  const who = DEMO.supervisor;
  const code = await requestCode(signing, who.local, who.phone);
  await signing.getByLabel('Code reçu par SMS').fill(code);
  await signing.getByRole('button', { name: 'Se connecter' }).click();
  await expect(signing.getByRole('heading', { name: greeting(who.firstName) })).toBeVisible();

  // The first tab goes where it was headed, by the app's own navigation.
  await expect(waiting).toHaveURL(/\/mes-produits/);
  expect(await waiting.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await context.close();
});
