import { expect, test } from '@playwright/test';
import { phoneInput, signInAs } from './support/auth';
import { currentUrl, greeting, openLogoutDialog, readLocalAccessToken, readSession } from './support/helpers';

test.describe('Déconnexion', () => {
  test('la déconnexion passe par la boîte de confirmation et ramène sur /login', async ({ page }) => {
    await signInAs(page, 'admin');
    await expect.poll(() => readLocalAccessToken(page)).toEqual(expect.any(String));

    // Open the dialog from the account menu and check its wording.
    await openLogoutDialog(page);
    const dialog = page.getByRole('alertdialog', { name: 'Demande de confirmation' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Demande de confirmation' })).toBeVisible();
    await expect(
      dialog.getByText('Êtes-vous sûr(e) de vouloir vous déconnecter ?', { exact: true }),
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

    // The home page is closed again.
    await page.goto('/');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    expect(currentUrl(page).searchParams.has('callbackUrl')).toBe(false);
    await expect(phoneInput(page)).toBeVisible();
  });
});
