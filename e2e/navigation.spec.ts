import { expect, test } from './support/test';
import { serverPort } from './support/server';
import { DEMO, phoneInput, requestCode } from './support/auth';
import { currentUrl, watchRequests } from './support/helpers';

test.describe('Redirections', () => {
  test('une page protégée renvoie vers /login en gardant la requête, puis y revient après connexion', async ({
    page,
  }) => {
    await page.goto('/mes-commandes?vue=unpaid');

    await expect(page).toHaveURL((url) => url.pathname === '/login');
    const login = currentUrl(page);
    expect(login.search).toBe('?vue=unpaid&callbackUrl=%2Fmes-commandes%3Fvue%3Dunpaid');
    expect(login.searchParams.get('vue')).toBe('unpaid');
    expect(login.searchParams.get('callbackUrl')).toBe('/mes-commandes?vue=unpaid');

    // The query follows the sign-in steps.
    const who = DEMO.supervisor;
    const code = await requestCode(page, who.local, who.phone);
    const otp = currentUrl(page);
    expect(otp.pathname).toBe('/otp');
    expect(otp.searchParams.get('vue')).toBe('unpaid');
    expect(otp.searchParams.get('callbackUrl')).toBe('/mes-commandes?vue=unpaid');
    expect(otp.searchParams.get('phone')).toBe(who.phone);

    await page.getByLabel('Code reçu par SMS').fill(code);
    await page.getByRole('button', { name: 'Se connecter' }).click();

    // Back at the callback's path with its query: the « Non payées » tab of Commandes.
    await expect(page).toHaveURL((url) => url.pathname === '/mes-commandes');
    expect(currentUrl(page).searchParams.get('vue')).toBe('unpaid');
    expect(currentUrl(page).searchParams.has('callbackUrl')).toBe(false);
    await expect(page.getByRole('heading', { name: 'Commandes', exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Non payées' })).toHaveAttribute('aria-selected', 'true');
  });

  test('la page d’accueil sans session renvoie vers /login sans callbackUrl', async ({ page }) => {
    const response = await page.request.get('/?shopId=xyz', { maxRedirects: 0 });
    expect([302, 307]).toContain(response.status());
    const location = new URL(response.headers()['location']!, `http://localhost:${serverPort()}`);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('shopId')).toBe('xyz');
    expect(location.searchParams.has('callbackUrl')).toBe(false);

    await page.goto('/?shopId=xyz');
    await expect(page).toHaveURL(
      (url) => url.pathname === '/login' && url.searchParams.get('shopId') === 'xyz',
    );
  });

  test('un hôte www. est redirigé (308) vers l’hôte pro en gardant chemin et requête', async ({ page }) => {
    // PRO_HOST is the server's own origin here: the case where a redirect made by Next's
    // middleware would loop, which is why server.ts redirects before Next.
    // The server's answer, whatever the client's resolver does with www.localhost.
    const response = await page.request.get(`http://localhost:${serverPort()}/login?x=1`, {
      headers: { host: `www.localhost:${serverPort()}` },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(308);
    expect(response.headers()['location']).toBe(`http://localhost:${serverPort()}/login?x=1`);

    // And in the browser, where *.localhost is loopback.
    await page.goto(`http://www.localhost:${serverPort()}/login?x=1`);
    await expect(page).toHaveURL(`http://localhost:${serverPort()}/login?x=1`);
    await expect(page.getByRole('button', { name: 'Recevoir le code' })).toBeVisible();
  });
});

test.describe('Saisie du numéro', () => {
  test('un numéro invalide affiche une erreur en français et n’envoie rien', async ({ page }) => {
    const sendCalls = watchRequests(page, '/api/otp/');
    await page.goto('/login');
    const phone = phoneInput(page);

    await phone.fill('12');
    await page.getByRole('button', { name: 'Recevoir le code' }).click();

    await expect(page.getByText('Ce numéro de téléphone n’est pas valide.', { exact: true })).toBeVisible();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveValue('12');
    expect(currentUrl(page).pathname).toBe('/login');

    // An empty field has its own message; still nothing is sent.
    await phone.fill('');
    await page.getByRole('button', { name: 'Recevoir le code' }).click();
    await expect(page.getByText('Saisissez votre numéro de téléphone.', { exact: true })).toBeVisible();
    expect(currentUrl(page).pathname).toBe('/login');
    expect(sendCalls).toHaveLength(0);
  });
});

test.describe('Accessibilité du formulaire de connexion', () => {
  test('le champ téléphone porte le libellé « Numéro de téléphone », le choix du pays « Pays »', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('combobox', { name: 'Pays' })).toHaveValue('SN');
    const ids = await page.locator('[id]').evaluateAll((els) => els.map((el) => el.id));
    expect(ids.length - new Set(ids).size, 'ids en double sur /login').toBe(0);
    await expect(page.getByRole('textbox', { name: 'Numéro de téléphone' })).toHaveAttribute(
      'name',
      'phone',
      { timeout: 2_000 },
    );
  });
});
