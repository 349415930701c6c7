import { expect, test } from './support/test';
import { signInWithPhone, signUpNewShop } from './support/auth';

const OPERATOR = { local: '77 000 00 09', e164: '+221770000009' };

test.describe('Console plateforme', () => {
  test('un opérateur bloque une boutique : ses agents voient l’écran de blocage aussitôt', async ({
    page,
    browser,
  }) => {
    const { shopName } = await signUpNewShop(page, 'Bloc');

    const operatorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const operator = await operatorContext.newPage();
    await signInWithPhone(operator, OPERATOR.local, OPERATOR.e164);
    await operator.getByRole('button', { name: 'Menu du compte' }).click();
    await operator.getByRole('menuitem', { name: 'Console plateforme' }).click();
    await expect(operator.getByRole('heading', { name: 'Console plateforme' })).toBeVisible();
    await expect(operator.getByRole('link', { name: 'Boutiques' })).toHaveAttribute('aria-current', 'page');
    await operator.getByLabel('Rechercher une boutique').fill(shopName);
    const row = operator.getByTestId('console-shop').filter({ hasText: shopName });
    await expect(operator.getByTestId('console-shop')).toHaveCount(1);
    await expect(row).toContainText('Active');

    await row.getByRole('button', { name: 'Bloquer' }).click();
    await operator.getByRole('alertdialog').getByRole('button', { name: 'Bloquer' }).click();
    await expect(row).toContainText('Bloquée');
    // The seller's open page switches to the blocked screen without a reload.
    await expect(page.getByTestId('shop-blocked')).toHaveText(
      'Votre boutique a été bloquée. Veuillez contacter un agent Comptoir',
    );
    await expect(page.locator('aside')).toHaveCount(0);

    await row.getByRole('button', { name: 'Débloquer' }).click();
    await operator.getByRole('alertdialog').getByRole('button', { name: 'Débloquer' }).click();
    await expect(row).toContainText('Active');
    await expect(page.getByRole('heading', { name: /^Bonjour/ })).toBeVisible();

    // Plan and dates: a paid plan without an end date is refused, then saved.
    await row.getByRole('button', { name: 'Modifier l’offre' }).click();
    const dialog = operator.getByRole('dialog').filter({ hasText: `Offre de ${shopName}` });
    await dialog.getByLabel('Forfait').selectOption('business');
    await dialog.getByLabel('Fin d’abonnement').fill('');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog.getByLabel('Fin d’abonnement')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Indiquez la fin d’abonnement d’un forfait payant.').first()).toBeVisible();
    await dialog.getByLabel('Fin d’abonnement').fill('2030-01-31T12:00');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Business');
    await expect(row).toContainText('31-01-2030');
    await operatorContext.close();
  });

  test('un opérateur voit les tâches de fond et vérifie que la file les exécute une fois chacune', async ({
    page,
  }) => {
    await signInWithPhone(page, OPERATOR.local, OPERATOR.e164);
    await page.goto('/console?onglet=taches');
    await expect(page.getByRole('link', { name: 'Tâches de fond' })).toHaveAttribute('aria-current', 'page');
    // One queue per job of src/features/jobs.ts.
    await expect(page.getByTestId('job-queue')).toHaveCount(8);
    await expect(page.getByTestId('job-queue').first()).toContainText('Envoi de SMS');
    await page.getByTestId('queue-check').getByRole('button', { name: 'Vérifier' }).click();
    await expect(page.getByTestId('queue-check')).toContainText('20 sur 20 exécutées, une fois chacune.', {
      timeout: 20_000,
    });
    await expect(page.getByTestId('dead-letters')).toBeVisible();
  });

  test('la console est refusée à qui n’est pas opérateur', async ({ page }) => {
    await signUpNewShop(page, 'Curieux');
    await page.goto('/console');
    await expect(page.getByTestId('access-denied')).toContainText('réservée aux opérateurs');
    const api = await page.request.get('/api/console/listShops', {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}` },
    });
    expect(api.status()).toBe(403);
  });
});
