import { expect, test, type Page } from './support/test';
import { phoneInput, signInAs, signInWithPhone, signUpNewShop } from './support/auth';
import {
  clickWhenStill,
  currentUrl,
  greeting,
  openLogoutDialog,
  readLocalAccessToken,
  readSession,
} from './support/helpers';

/** GET /api/user/getInfo with this access token: 200 while its session is open, 401 once revoked. */
async function statusWithToken(page: Page, token: string): Promise<number> {
  const response = await page.request.get('/api/user/getInfo', {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status();
}

test.describe('Déconnexion', () => {
  test('la déconnexion passe par la boîte de confirmation et ramène sur /login', async ({ page }) => {
    await signInAs(page, 'admin', { fresh: true });
    await expect.poll(() => readLocalAccessToken(page)).toEqual(expect.any(String));
    const token = (await readLocalAccessToken(page))!;

    // Open the dialog from the account menu and check its wording.
    await openLogoutDialog(page);
    const dialog = page.getByRole('alertdialog', { name: 'Demande de confirmation' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Demande de confirmation' })).toBeVisible();
    await expect(
      dialog.getByText('Êtes-vous sûr(e) de vouloir vous déconnecter ?', { exact: true }),
    ).toBeVisible();
    // The footer button reads « Fermer »; the corner × is « Fermer la fenêtre ».
    const close = dialog.getByRole('button', { name: 'Fermer', exact: true });
    await expect(close).toHaveCount(1);
    await expect(dialog.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();

    // « Fermer » keeps the session.
    await close.click();
    await expect(dialog).toBeHidden();
    expect(currentUrl(page).pathname).toBe('/');
    await expect(page.getByRole('heading', { name: greeting('Awa') })).toBeVisible();

    // « Se déconnecter » ends it.
    await openLogoutDialog(page);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Se déconnecter' }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(page.getByRole('button', { name: 'Recevoir le code' })).toBeVisible();
    expect(await readLocalAccessToken(page)).toBeNull();
    expect((await readSession(page)).accessToken).toBeUndefined();
    // The session is revoked on the server: the token handed out before no longer answers.
    expect(await statusWithToken(page, token)).toBe(401);

    // The home page is closed again.
    await page.goto('/');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    expect(currentUrl(page).searchParams.has('callbackUrl')).toBe(false);
    await expect(phoneInput(page)).toBeVisible();
  });

  test('« Se déconnecter de tous les appareils » ferme le compte partout, cet appareil compris', async ({
    page,
    browser,
  }) => {
    const { phone, firstName } = await signUpNewShop(page, 'Partout');
    // The same account on a second device.
    const otherDevice = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const other = await otherDevice.newPage();
    await signInWithPhone(other, phone.local, phone.e164);
    await expect(other.getByRole('heading', { name: greeting(firstName) })).toBeVisible();
    await expect.poll(() => readLocalAccessToken(other)).toEqual(expect.any(String));
    const otherToken = (await readLocalAccessToken(other))!;

    // Offline, the page coming back into view: next-auth cannot reach the server and says
    // « unauthenticated ». The page stays as it is, its token kept: only the server ends a session.
    const heading = await other.getByRole('heading', { name: greeting(firstName) }).elementHandle();
    let failedSessionReads = 0;
    other.on('requestfailed', (r) => {
      if (r.url().endsWith('/api/auth/session')) failedSessionReads += 1;
    });
    await otherDevice.setOffline(true);
    const cameBack = () => other.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await cameBack();
    // next-auth's read, then the check of what it said.
    await expect.poll(() => failedSessionReads).toBe(2);
    expect(await heading!.evaluate((node) => node.isConnected)).toBe(true);
    expect(await readLocalAccessToken(other)).toBe(otherToken);
    // Back online, the session is read again, next-auth's too (after a failed read it reads it
    // neither on focus nor on its polling until told): the page follows it again, as the sign-out
    // below shows without a reload.
    const sessionReads: number[] = [];
    other.on('response', (r) => {
      if (r.url().endsWith('/api/auth/session')) sessionReads.push(r.status());
    });
    await otherDevice.setOffline(false);
    await expect.poll(() => sessionReads.filter((status) => status === 200).length).toBe(2);
    expect(await heading!.evaluate((node) => node.isConnected)).toBe(true);

    await page.getByRole('button', { name: 'Menu du compte' }).click();
    await clickWhenStill(page, page.getByRole('menuitem', { name: 'Mon compte' }));
    await expect(page.getByRole('heading', { name: 'Mon compte' })).toBeVisible();
    const signOutEverywhere = page.getByRole('button', { name: 'Se déconnecter de tous les appareils' });
    await signOutEverywhere.click();
    const dialog = page.getByRole('alertdialog', { name: 'Demande de confirmation' });
    const message = dialog.getByText(
      'Vous serez déconnecté(e) de tous les appareils où votre compte est ouvert, y compris celui-ci. Pour revenir, il faudra vous reconnecter avec un code reçu par SMS. Continuer ?',
    );
    await expect(message).toBeVisible();
    // French typography: a no-break space before « ? ».
    expect(await message.textContent()).toMatch(/Continuer[\u00a0\u202f]\?$/);

    // « Fermer » changes nothing.
    await dialog.getByRole('button', { name: 'Fermer', exact: true }).click();
    await expect(dialog).toBeHidden();
    expect(await statusWithToken(other, otherToken)).toBe(200);

    await signOutEverywhere.click();
    await dialog.getByRole('button', { name: 'Se déconnecter partout' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(phoneInput(page)).toBeVisible();
    expect(await readLocalAccessToken(page)).toBeNull();

    // The other device is signed out too: its token is refused at once, its page goes to /login as
    // soon as it comes back into view.
    expect(await statusWithToken(other, otherToken)).toBe(401);
    await cameBack();
    await expect(other).toHaveURL((url) => url.pathname === '/login');
    await expect(phoneInput(other)).toBeVisible();
    expect((await readSession(other)).accessToken).toBeUndefined();
    await otherDevice.close();
  });
});
